import { and, eq, inArray, sql } from 'drizzle-orm';
import { videoViewers, videos, type Video } from '../platform/db/schema';
import type { Actor } from './actor';
import { can } from './rights';
import type { Call } from './call';

// The per-video rules every feature that shows, lists or changes a video asks: who manages it,
// who may open it, and which status a video on the site takes.

export const VIDEO_MISSING_MESSAGE = "This video doesn't exist";
export const VIDEO_INACCESSIBLE_MESSAGE = 'This video is not accessible anymore';
/** A held upload was never on the site: its page says so rather than "not accessible anymore". */
export const VIDEO_HELD_MESSAGE =
  'This video is held for review: it matches another member’s video and staff decide whether it is published.';

/** Whether the actor owns the video or moderates the site. */
export function canManageVideo(
  actor: (Pick<Actor, 'id' | 'role'> & Partial<Actor>) | null,
  video: Pick<Video, 'ownerId'>,
): boolean {
  return Boolean(actor && (actor.id === video.ownerId || can(actor, 'moderate')));
}

/**
 * Whether `actor` may open the video's page and play it: its owner and staff always; anyone
 * a published one; a hidden one whose time has come anyone with the link (unlisted) or the
 * people its owner picked (private). Nobody else sees a scheduled one before its time, nor a
 * video unpublished, processing or failed.
 */
export async function canOpenVideo(
  ctx: Pick<Call, 'db'> &
    Pick<Call, 'now'> & { actor: (Pick<Actor, 'id' | 'role'> & Partial<Actor>) | null },
  video: Pick<Video, 'id' | 'ownerId' | 'status' | 'visibility' | 'publishAt'>,
): Promise<boolean> {
  const { db, actor } = ctx;
  const now = ctx.now();
  if (actor && (actor.id === video.ownerId || can(actor, 'moderate'))) return true;
  if (video.status === 'published') return true;
  if (video.status !== 'hidden') return false;
  if (video.publishAt && video.publishAt > now) return false;
  if (video.visibility !== 'private') return true;
  if (!actor) return false;
  const [picked] = await db
    .select({ userId: videoViewers.userId })
    .from(videoViewers)
    .where(and(eq(videoViewers.videoId, video.id), eq(videoViewers.userId, actor.id)))
    .limit(1);
  return Boolean(picked);
}

/**
 * The status a video that is on the site takes: 'published' (listed everywhere) only when it
 * is public and its publish time, if any, has come; 'hidden' otherwise. Listings, search,
 * counts and feeds all read `status = 'published'`, so they need no other condition.
 */
export const onSiteStatusSql = (now: Date) =>
  sql`(case when ${videos.visibility} = 'public' and (${videos.publishAt} is null or ${videos.publishAt} <= ${now.toISOString()}::timestamptz) then 'published' else 'hidden' end)::video_status`;

/** The same rule on values in hand. */
export function onSiteStatus(
  video: Pick<Video, 'visibility' | 'publishAt'>,
  now: Date,
): 'published' | 'hidden' {
  return video.visibility === 'public' && (!video.publishAt || video.publishAt <= now)
    ? 'published'
    : 'hidden';
}

/** What the site says in place of a video its reader can no longer open (exports, notices). */
export const CLOSED_VIDEO_LABEL = 'a video you can no longer open';

/**
 * Of `videoIds`, those `actor` may not be told of (docs/security.md, "Media"): missing, or not
 * to be opened by them (a password video they do not manage counts: its page opens, its title
 * is the password's). Each maps to whether the video is still public, when its id may still
 * be given.
 */
export async function closedVideosOf(
  ctx: Pick<Call, 'db' | 'now'> & { actor: (Pick<Actor, 'id' | 'role'> & Partial<Actor>) | null },
  videoIds: string[],
): Promise<Map<string, boolean>> {
  const ids = [...new Set(videoIds)];
  const closed = new Map<string, boolean>();
  if (ids.length === 0) return closed;
  const found = await ctx.db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      status: videos.status,
      visibility: videos.visibility,
      publishAt: videos.publishAt,
    })
    .from(videos)
    .where(inArray(videos.id, ids));
  const known = new Set(found.map((video) => video.id));
  for (const id of ids) if (!known.has(id)) closed.set(id, false);
  for (const video of found) {
    const opens =
      (await canOpenVideo(ctx, video)) &&
      (video.visibility !== 'password' || canManageVideo(ctx.actor, video));
    if (!opens) closed.set(video.id, video.status === 'published');
  }
  return closed;
}
