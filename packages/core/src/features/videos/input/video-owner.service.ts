import { screenText } from '../../moderation/watched-words';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { requireMemberRight } from '../../../access/rights';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import { videoLabels, videos, type LabelKind, type Video } from '../../../platform/db/schema';
import { slugify } from '../../../kernel/public-id';
import {
  canManageVideo,
  VIDEO_MISSING_MESSAGE,
  onSiteStatusSql,
} from '../../../access/video-rules';
import type { ChangeVideoInput } from './video-input.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

const NOT_YOURS_MESSAGE = 'Only the owner of this video can do that';

/** The video, when the actor owns it or is an admin; 404 or 403 otherwise. */
export async function loadManagedVideo(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  videoId: string,
): Promise<Video> {
  const user = requireMemberRight(actor, 'upload');
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  if (!canManageVideo(user, video)) throw new ServiceError('forbidden', NOT_YOURS_MESSAGE);
  return video;
}

/** What changing a video needs: the database, the cache its change makes stale, the clock. */
export interface VideoOwnerContext {
  db: Database;
  listings: Listings;
  now: () => Date;
}

/** Edits a video's details and labels in one transaction. */
export async function changeVideo(
  { db, listings, actor, now }: VideoOwnerContext & Pick<Call, 'actor'>,
  input: ChangeVideoInput,
): Promise<Video> {
  await loadManagedVideo({ db, actor }, input._id);
  const { _id: id, labels, title, ...fields } = input;
  if (title) await screenText(db, 'title', [title]);
  if (fields.description) await screenText(db, 'description', [fields.description]);
  const video = await inTransaction({ db }, async ({ db: tx }) => {
    const [row] = await tx
      .update(videos)
      .set({ ...fields, ...(title ? { title, slug: slugify(title) } : {}), updatedAt: now() })
      .where(eq(videos.id, id))
      .returning();
    for (const [kind, names] of Object.entries(labels ?? {}) as [LabelKind, string[]][]) {
      await tx
        .delete(videoLabels)
        .where(and(eq(videoLabels.videoId, id), eq(videoLabels.kind, kind)));
      // The first spelling of a label wins over later ones differing only in case.
      const unique = [
        ...new Map(names.toReversed().map((name) => [name.toLowerCase(), name])).values(),
      ].reverse();
      if (unique.length > 0)
        await tx.insert(videoLabels).values(unique.map((name) => ({ videoId: id, kind, name })));
    }
    return row!;
  });
  await listings.invalidate();
  return video;
}

/**
 * Moves a video the actor manages from one of `from` to status `to`; when it is in none of
 * them, answers 409 with `refusal`.
 */
async function moveManagedVideo(
  { db, listings, now: clock }: VideoOwnerContext,
  actor: Actor | null,
  videoId: string,
  from: Video['status'][],
  to: Video['status'] | 'on site',
  refusal: string,
): Promise<Video> {
  await loadManagedVideo({ db, actor }, videoId);
  const now = clock();
  const [video] = await db
    .update(videos)
    // 'on site': listed, or hidden when unlisted, private or scheduled (docs/videos.md).
    .set({ status: to === 'on site' ? onSiteStatusSql(now) : to, updatedAt: now })
    .where(and(eq(videos.id, videoId), inArray(videos.status, from)))
    .returning();
  if (!video) throw new ServiceError('conflict', refusal);
  await listings.invalidate();
  return video;
}

/**
 * Takes a published video off the site: the owner's own unpublishing can be undone by the
 * owner; an admin's (through the admin area) only by an admin.
 */
export const unpublishVideo = (ctx: VideoOwnerContext & Pick<Call, 'actor'>, videoId: string) => {
  const { actor } = ctx;
  return moveManagedVideo(
    ctx,
    actor,
    videoId,
    ['published', 'hidden'],
    'unpublished_user',
    'Only a published video can be unpublished',
  );
};

/** Puts a video the owner unpublished back on the site. */
export const republishVideo = (ctx: VideoOwnerContext & Pick<Call, 'actor'>, videoId: string) => {
  const { actor } = ctx;
  return moveManagedVideo(
    ctx,
    actor,
    videoId,
    ['unpublished_user'],
    'on site',
    'Only a video you unpublished yourself can be published again',
  );
};
