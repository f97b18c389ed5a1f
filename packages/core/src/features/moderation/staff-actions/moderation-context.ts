import type { HeldActionAttempt, MediaServices } from '../../../kernel/endpoint';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Call } from '../../../access/call';

/**
 * What a moderation action needs: the call (database, staff member, clock) and the listings it
 * makes stale.
 */
export interface ModerationContext extends Pick<Call, 'db' | 'actor' | 'now'> {
  listings: Listings;
  /** Storage and queue, for deleting a video's files and cancelling its job. */
  media?: MediaServices;
  /** The held action this is an attempt at, marked done in the action's transaction. */
  heldAction?: HeldActionAttempt;
}

/** The moderation context of a request. */
export const moderationContextOf = (
  context: Pick<Call, 'db' | 'actor' | 'now'> & { listings: Listings; media?: MediaServices },
): ModerationContext => ({
  db: context.db,
  actor: context.actor,
  listings: context.listings,
  now: context.now,
  media: context.media,
});
