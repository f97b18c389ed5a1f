import { and, eq } from 'drizzle-orm';
import { can } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import type { Database } from '../../../platform/db/client';
import { videoViewers, type Video } from '../../../platform/db/schema';

/**
 * Whether `actor` may open the video's page and play it: its owner and staff always; anyone
 * a published one; a hidden one whose time has come anyone with the link (unlisted) or the
 * people its owner picked (private). Nobody else sees a scheduled one before its time, nor a
 * video unpublished, processing or failed.
 */
export async function canOpenVideo(
  db: Database,
  actor: (Pick<Actor, 'id' | 'role'> & Partial<Actor>) | null,
  video: Pick<Video, 'id' | 'ownerId' | 'status' | 'visibility' | 'publishAt'>,
  now: Date = new Date(),
): Promise<boolean> {
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
