import { z } from 'zod';
import { VideoListItem, MAX_PAGE_INDEX } from '../../discovery/browse';
import { VideoId } from '../../videos/input';

/** The most videos a member's Watch later list holds. */
export const MAX_WATCH_LATER = 500;
/** The most videos one LibraryState call asks about (a listing page and its sidebar). */
export const MAX_STATE_VIDEOS = 60;
/** Videos in the home page's "Continue watching" row. */
export const CONTINUE_WATCHING_SIZE = 12;
/** Before this many seconds, nothing is kept: the video starts from the beginning. */
export const MIN_RESUME_SECONDS = 5;
/** Fewer seconds than this left (or 95 % watched) counts as finished: nothing is kept. */
export const FINISHED_SECONDS_LEFT = 10;
/** The longest video position a report may name (24 hours). */
const MAX_SECONDS = 86_400;

export const WatchLaterInput = z.object({ videoId: VideoId });

export const ListWatchLaterInput = z.object({
  index: z.number().int().min(0).max(MAX_PAGE_INDEX).default(0),
});

export const SaveProgressInput = z.object({
  videoId: VideoId,
  position: z.number().min(0, 'position: is at least 0').max(MAX_SECONDS),
  duration: z.number().positive('duration: is more than 0').max(MAX_SECONDS),
});
export type SaveProgressInput = z.infer<typeof SaveProgressInput>;

export const LibraryStateInput = z.object({
  videoIds: z.array(VideoId).max(MAX_STATE_VIDEOS, `at most ${MAX_STATE_VIDEOS} videos`),
});

/** Where a member left off in a video. */
export const ProgressAnswer = z.object({
  videoId: z.string(),
  position: z.number().int().min(0),
  duration: z.number().int().min(1),
});
export type ProgressAnswer = z.infer<typeof ProgressAnswer>;

export const LibraryStateAnswer = z.object({
  /** Of the videos asked about, those in the member's Watch later list. */
  watchLater: z.array(z.string()),
  /** Of the videos asked about, where the member left off in each (started, not finished). */
  progress: z.array(ProgressAnswer),
});

export const WatchLaterItem = VideoListItem.extend({ addedAt: z.string() });

export const WatchLaterPage = z.object({
  data: z.array(WatchLaterItem),
  count: z.number().int().min(0),
  index: z.number().int().min(0),
  pageSize: z.number().int().min(1),
  hasMore: z.boolean(),
});

export const ContinueWatchingAnswer = z.object({
  data: z.array(VideoListItem.extend({ position: z.number().int(), duration: z.number().int() })),
});
