import { z } from 'zod';
import { VideoId } from '../input';

/** The periods the statistics page offers, in days ending today (UTC). */
export const STATISTICS_PERIODS = [28, 90] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/** The most seconds one progress report may add to a video's watch time. */
export const MAX_WATCH_SECONDS_PER_REPORT = 60;

export const StatisticsInput = z.object({
  days: z.union([z.literal(28), z.literal(90)], { error: 'is 28 or 90' }).default(28),
  /** One of the uploader's videos; all of them when absent. */
  videoId: VideoId.optional(),
});
export type StatisticsInput = z.input<typeof StatisticsInput>;

const Figures = {
  views: z.number().int().min(0),
  watchSeconds: z.number().int().min(0),
  likes: z.number().int().min(0),
};

export const StatisticsAnswer = z.object({
  days: z.number().int(),
  /** The first day counted (YYYY-MM-DD, UTC); the last is today. */
  since: z.string(),
  videoId: z.string().nullable(),
  totals: z.object(Figures),
  /** One entry a day, oldest first, zeros included. */
  daily: z.array(z.object({ day: z.string(), ...Figures })),
  /** The uploader's published videos, most viewed in the period first. */
  videos: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      ...Figures,
      allTimeViews: z.number().int().min(0),
      allTimeLikes: z.number().int().min(0),
    }),
  ),
});
export type StatisticsAnswer = z.infer<typeof StatisticsAnswer>;
