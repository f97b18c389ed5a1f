import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  LISTING_PAGE_SIZE,
  isPublished,
  summaryColumns,
  toSummary,
  type VideoPage,
  type VideoSummary,
} from '../../discovery/browse';
import type { Call } from '../../../access/call';
import type { Database } from '../../../platform/db/client';
import { users, videoDailyViews, videos, watchHistory } from '../../../platform/db/schema';
import { inTransaction } from '../../../platform/db/unit-of-work';

/**
 * Counts one view of a published or hidden video (hidden ones count views, docs/videos.md): its
 * total, the call's day's count (for trending) and, for a signed-in actor, their history, in one
 * transaction. Answers false for any other state. Who may open the video is the caller's check
 * (`countView`).
 */
export async function recordView(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  videoId: string,
): Promise<boolean> {
  const now = ctx.now();
  const day = now.toISOString().slice(0, 10);
  const viewerId = ctx.actor?.id ?? null;
  return inTransaction({ db: ctx.db }, async ({ db: tx }) => {
    const [video] = await tx
      .update(videos)
      .set({ views: sql`${videos.views} + 1` })
      .where(and(eq(videos.id, videoId), inArray(videos.status, ['published', 'hidden'])))
      .returning({ id: videos.id });
    if (!video) return false;
    await tx
      .insert(videoDailyViews)
      .values({ videoId, day, views: 1 })
      .onConflictDoUpdate({
        target: [videoDailyViews.videoId, videoDailyViews.day],
        set: { views: sql`${videoDailyViews.views} + 1` },
      });
    if (viewerId) {
      await tx
        .insert(watchHistory)
        .values({ userId: viewerId, videoId, watchedAt: now })
        .onConflictDoUpdate({
          target: [watchHistory.userId, watchHistory.videoId],
          set: { watchedAt: now },
        });
    }
    return true;
  });
}

export type WatchedVideo = VideoSummary & { watchedAt: string };
export type WatchHistoryPage = Omit<VideoPage, 'data'> & { data: WatchedVideo[] };

/** The user's watched videos that are still published, most recently watched first. */
export async function listWatchHistory(
  db: Database,
  userId: string,
  { index = 0, pageSize = LISTING_PAGE_SIZE }: { index?: number; pageSize?: number } = {},
): Promise<WatchHistoryPage> {
  const where = and(eq(watchHistory.userId, userId), isPublished);
  const rows = await db
    .select({ ...summaryColumns, watchedAt: watchHistory.watchedAt })
    .from(watchHistory)
    .innerJoin(videos, eq(videos.id, watchHistory.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(where)
    .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.videoId))
    .limit(pageSize + 1)
    .offset(index * pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(watchHistory)
    .innerJoin(videos, eq(videos.id, watchHistory.videoId))
    .where(where);
  const hasMore = rows.length > pageSize;
  const data = rows.slice(0, pageSize).map(({ watchedAt, ...row }) => ({
    ...toSummary(row),
    watchedAt: watchedAt.toISOString(),
  }));
  return { data, count: Number(total?.n ?? 0), countIsCapped: false, index, pageSize, hasMore };
}

/** Forgets the user's whole history; answers how many entries went. */
export async function clearWatchHistory(db: Database, userId: string): Promise<number> {
  const removed = await db
    .delete(watchHistory)
    .where(eq(watchHistory.userId, userId))
    .returning({ videoId: watchHistory.videoId });
  return removed.length;
}

/** Forgets one video from the user's history. */
export async function removeFromWatchHistory(
  db: Database,
  userId: string,
  videoId: string,
): Promise<boolean> {
  const removed = await db
    .delete(watchHistory)
    .where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId)))
    .returning({ videoId: watchHistory.videoId });
  return removed.length > 0;
}
