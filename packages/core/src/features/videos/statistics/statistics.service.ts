import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import { videoDailyViews, videoDailyWatch, videos, videoVotes } from '../../../platform/db/schema';
import {
  MAX_WATCH_SECONDS_PER_REPORT,
  StatisticsInput,
  type StatisticsAnswer,
} from './statistics.schema';
import type { Call } from '../../../access/call';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, as the daily tables key it (YYYY-MM-DD). */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * How many seconds of a video one progress report adds to its watch time: the step forward
 * since the viewer's previous report, no more than the time that passed (a seek forward is not
 * watching) and never more than MAX_WATCH_SECONDS_PER_REPORT; without a previous report, the
 * position itself within that bound (the first report of a play).
 */
export function watchedSecondsBetween(
  previous: { position: number; at: Date } | null,
  position: number,
  now: Date,
): number {
  if (!previous) return Math.max(0, Math.min(Math.floor(position), MAX_WATCH_SECONDS_PER_REPORT));
  const step = Math.floor(position) - previous.position;
  const elapsed = Math.floor((now.getTime() - previous.at.getTime()) / 1000) + 1;
  if (step <= 0 || elapsed <= 0) return 0;
  return Math.min(step, elapsed, MAX_WATCH_SECONDS_PER_REPORT);
}

/** Adds seconds watched to a video's count for the day of `now`. */
export async function addWatchTime(
  ctx: Pick<Call, 'db' | 'now'>,
  videoId: string,
  seconds: number,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  if (seconds <= 0) return;
  await db
    .insert(videoDailyWatch)
    .values({ videoId, day: dayOf(now), seconds })
    .onConflictDoUpdate({
      target: [videoDailyWatch.videoId, videoDailyWatch.day],
      set: { seconds: sql`${videoDailyWatch.seconds} + ${seconds}` },
    });
}

/**
 * The uploader's statistics over the last `days` days (today included): views, seconds
 * watched and likes, in total, a day and a video; for one of their videos when `videoId` is
 * given. Every query reads by video id and day (the daily tables' keys, video_votes_video_idx).
 */
export async function getUploaderStatistics(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  rawInput: StatisticsInput,
): Promise<StatisticsAnswer> {
  const { db, actor: maybeActor } = ctx;
  const now = ctx.now();
  const actor = requireMemberRight(maybeActor, 'upload');
  const input = StatisticsInput.parse(rawInput);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMs = today - (input.days - 1) * DAY_MS;
  const since = dayOf(new Date(sinceMs));
  const owned = await db
    .select({
      id: videos.id,
      title: videos.title,
      slug: videos.slug,
      views: videos.views,
      upvotes: videos.upvotes,
    })
    .from(videos)
    .where(
      and(
        eq(videos.ownerId, actor.id),
        eq(videos.status, 'published'),
        input.videoId ? eq(videos.id, input.videoId) : undefined,
      ),
    )
    .orderBy(desc(videos.createdAt));
  if (input.videoId && owned.length === 0) {
    throw new ServiceError('not_found', "videoId: this video doesn't exist or isn't yours");
  }
  const ids = owned.map((video) => video.id);
  const days = Array.from({ length: input.days }, (_, index) =>
    dayOf(new Date(sinceMs + index * DAY_MS)),
  );
  const empty = { views: 0, watchSeconds: 0, likes: 0 };
  const byDay = new Map(days.map((day) => [day, { day, ...empty }]));
  const byVideo = new Map(ids.map((id) => [id, { ...empty }]));
  if (ids.length > 0) {
    const likeDay = sql<string>`to_char(${videoVotes.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const [views, watch, likes] = await Promise.all([
      db
        .select({
          videoId: videoDailyViews.videoId,
          day: videoDailyViews.day,
          n: videoDailyViews.views,
        })
        .from(videoDailyViews)
        .where(and(inArray(videoDailyViews.videoId, ids), gte(videoDailyViews.day, since))),
      db
        .select({
          videoId: videoDailyWatch.videoId,
          day: videoDailyWatch.day,
          n: videoDailyWatch.seconds,
        })
        .from(videoDailyWatch)
        .where(and(inArray(videoDailyWatch.videoId, ids), gte(videoDailyWatch.day, since))),
      db
        .select({ videoId: videoVotes.videoId, day: likeDay, n: sql<number>`count(*)::int` })
        .from(videoVotes)
        .where(
          and(
            inArray(videoVotes.videoId, ids),
            gte(videoVotes.createdAt, new Date(sinceMs)),
            eq(videoVotes.value, 1),
          ),
        )
        .groupBy(videoVotes.videoId, likeDay)
        .orderBy(asc(likeDay)),
    ]);
    const add = (
      rows: { videoId: string; day: string; n: number }[],
      field: keyof typeof empty,
    ) => {
      for (const row of rows) {
        const dayEntry = byDay.get(row.day);
        const videoEntry = byVideo.get(row.videoId);
        if (!dayEntry || !videoEntry) continue;
        dayEntry[field] += Number(row.n);
        videoEntry[field] += Number(row.n);
      }
    };
    add(views, 'views');
    add(watch, 'watchSeconds');
    add(likes, 'likes');
  }
  const daily = days.map((day) => byDay.get(day)!);
  const totals = daily.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      watchSeconds: sum.watchSeconds + day.watchSeconds,
      likes: sum.likes + day.likes,
    }),
    { ...empty },
  );
  const perVideo = owned
    .map((video) => ({
      id: video.id,
      title: video.title,
      slug: video.slug,
      ...byVideo.get(video.id)!,
      allTimeViews: video.views,
      allTimeLikes: video.upvotes,
    }))
    .sort((a, b) => b.views - a.views || b.watchSeconds - a.watchSeconds);
  return {
    days: input.days,
    since,
    videoId: input.videoId ?? null,
    totals,
    daily,
    videos: perVideo,
  };
}
