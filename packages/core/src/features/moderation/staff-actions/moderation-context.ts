import type { HeldActionAttempt, MediaServices } from '../../../kernel/endpoint';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';

/** What a moderation action needs: the database, the clock, the listings it makes stale. */
export interface ModerationContext {
  db: Database;
  listings: Listings;
  now: () => Date;
  /** Storage and queue, for deleting a video's files and cancelling its job. */
  media?: MediaServices;
  /** The held action this is an attempt at, marked done in the action's transaction. */
  heldAction?: HeldActionAttempt;
}

/** The moderation context of a request. */
export const moderationContextOf = (context: {
  db: Database;
  listings: Listings;
  now: () => Date;
  media?: MediaServices;
}): ModerationContext => ({
  db: context.db,
  listings: context.listings,
  now: context.now,
  media: context.media,
});
