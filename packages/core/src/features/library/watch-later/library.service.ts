import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import {
  LISTING_PAGE_SIZE,
  isPublished,
  summaryColumns,
  toSummary,
  type VideoSummary,
} from '../../discovery/browse';
import type { Database } from '../../../platform/db/client';
import { users, videos, watchLater, watchProgress } from '../../../platform/db/schema';
import { addWatchTime, watchedSecondsBetween } from '../../videos/statistics';
import {
  CONTINUE_WATCHING_SIZE,
  FINISHED_SECONDS_LEFT,
  MAX_WATCH_LATER,
  MIN_RESUME_SECONDS,
  type ProgressAnswer,
  type SaveProgressInput,
} from './library.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

export const LIBRARY_MESSAGES = {
  videoMissing: "This video doesn't exist",
  full: `Your Watch later list is full (${MAX_WATCH_LATER} videos): remove some first`,
} as const;

async function requirePublishedVideo(db: Database, videoId: string) {
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), isPublished))
    .limit(1);
  if (!video) throw new ServiceError('not_found', LIBRARY_MESSAGES.videoMissing);
  return video;
}

/** Saves a published video to the member's Watch later list (again: it moves to the top). */
export async function addToWatchLater(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  videoId: string,
): Promise<void> {
  const { db, actor: maybeActor } = ctx;
  const now = ctx.now();
  const actor = requireMemberRight(maybeActor, 'participate');
  await requirePublishedVideo(db, videoId);
  await inTransaction({ db }, async ({ db: tx }) => {
    const [held] = await tx
      .select({ n: count() })
      .from(watchLater)
      .where(eq(watchLater.userId, actor.id));
    const [already] = await tx
      .select({ videoId: watchLater.videoId })
      .from(watchLater)
      .where(and(eq(watchLater.userId, actor.id), eq(watchLater.videoId, videoId)));
    if (!already && Number(held?.n ?? 0) >= MAX_WATCH_LATER) {
      throw new ServiceError('conflict', LIBRARY_MESSAGES.full);
    }
    await tx
      .insert(watchLater)
      .values({ userId: actor.id, videoId, addedAt: now })
      .onConflictDoUpdate({
        target: [watchLater.userId, watchLater.videoId],
        set: { addedAt: now },
      });
  });
}

/** Takes a video out of the member's Watch later list; answers whether it was there. */
export async function removeFromWatchLater(
  { db, actor: maybeActor }: Pick<Call, 'db' | 'actor'>,
  videoId: string,
): Promise<boolean> {
  const actor = requireMemberRight(maybeActor, 'participate');
  const removed = await db
    .delete(watchLater)
    .where(and(eq(watchLater.userId, actor.id), eq(watchLater.videoId, videoId)))
    .returning({ videoId: watchLater.videoId });
  return removed.length > 0;
}

export type WatchLaterVideo = VideoSummary & { addedAt: string };

/** The member's Watch later list (published videos only), most recently saved first. */
export async function listWatchLater(
  { db, actor: maybeActor }: Pick<Call, 'db' | 'actor'>,
  { index = 0, pageSize = LISTING_PAGE_SIZE }: { index?: number; pageSize?: number } = {},
) {
  const actor = requireMemberRight(maybeActor, 'participate');
  const where = and(eq(watchLater.userId, actor.id), isPublished);
  const rows = await db
    .select({ ...summaryColumns, addedAt: watchLater.addedAt })
    .from(watchLater)
    .innerJoin(videos, eq(videos.id, watchLater.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(where)
    .orderBy(desc(watchLater.addedAt), desc(watchLater.videoId))
    .limit(pageSize + 1)
    .offset(index * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(watchLater)
    .innerJoin(videos, eq(videos.id, watchLater.videoId))
    .where(where);
  const data: WatchLaterVideo[] = rows.slice(0, pageSize).map(({ addedAt, ...row }) => ({
    ...toSummary(row),
    addedAt: addedAt.toISOString(),
  }));
  return { data, count: Number(total?.n ?? 0), index, pageSize, hasMore: rows.length > pageSize };
}

/** Whether a position counts as not started or finished (nothing is kept for it). */
export function isResumable(position: number, duration: number): boolean {
  return (
    position >= MIN_RESUME_SECONDS &&
    position < duration - FINISHED_SECONDS_LEFT &&
    position < duration * 0.95
  );
}

/**
 * Keeps where the member is in a published video; a position near the start or the end
 * forgets it (the video then starts from the beginning). Answers whether it is kept.
 */
export async function saveProgress(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  input: SaveProgressInput,
): Promise<boolean> {
  const { db, actor: maybeActor } = ctx;
  const now = ctx.now();
  const actor = requireMemberRight(maybeActor, 'participate');
  await requirePublishedVideo(db, input.videoId);
  const position = Math.floor(Math.min(input.position, input.duration));
  const duration = Math.max(1, Math.round(input.duration));
  const mine = and(eq(watchProgress.userId, actor.id), eq(watchProgress.videoId, input.videoId));
  const [previous] = await db
    .select({ position: watchProgress.positionSeconds, at: watchProgress.updatedAt })
    .from(watchProgress)
    .where(mine)
    .limit(1);
  await addWatchTime(
    { db, now: () => now },
    input.videoId,
    watchedSecondsBetween(previous ?? null, position, now),
  );
  if (!isResumable(position, duration)) {
    await db.delete(watchProgress).where(mine);
    return false;
  }
  await db
    .insert(watchProgress)
    .values({
      userId: actor.id,
      videoId: input.videoId,
      positionSeconds: position,
      durationSeconds: duration,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [watchProgress.userId, watchProgress.videoId],
      set: { positionSeconds: position, durationSeconds: duration, updatedAt: now },
    });
  return true;
}

/** Of `videoIds`, those in the member's Watch later list and where they left off in each. */
export async function getLibraryState(
  { db, actor: maybeActor }: Pick<Call, 'db' | 'actor'>,
  videoIds: string[],
): Promise<{ watchLater: string[]; progress: ProgressAnswer[] }> {
  const actor = requireMemberRight(maybeActor, 'participate');
  const ids = [...new Set(videoIds)];
  if (ids.length === 0) return { watchLater: [], progress: [] };
  const [saved, progress] = await Promise.all([
    db
      .select({ videoId: watchLater.videoId })
      .from(watchLater)
      .where(and(eq(watchLater.userId, actor.id), inArray(watchLater.videoId, ids))),
    db
      .select({
        videoId: watchProgress.videoId,
        position: watchProgress.positionSeconds,
        duration: watchProgress.durationSeconds,
      })
      .from(watchProgress)
      .where(and(eq(watchProgress.userId, actor.id), inArray(watchProgress.videoId, ids))),
  ]);
  return { watchLater: saved.map((row) => row.videoId), progress };
}

/** The published videos the member started and did not finish, most recently watched first. */
export async function listContinueWatching(
  { db, actor: maybeActor }: Pick<Call, 'db' | 'actor'>,
  limit = CONTINUE_WATCHING_SIZE,
) {
  const actor = requireMemberRight(maybeActor, 'participate');
  const rows = await db
    .select({
      ...summaryColumns,
      position: watchProgress.positionSeconds,
      duration: watchProgress.durationSeconds,
    })
    .from(watchProgress)
    .innerJoin(videos, eq(videos.id, watchProgress.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(watchProgress.userId, actor.id), isPublished))
    .orderBy(desc(watchProgress.updatedAt), desc(watchProgress.videoId))
    .limit(limit);
  return rows.map(({ position, duration, ...row }) => ({ ...toSummary(row), position, duration }));
}
