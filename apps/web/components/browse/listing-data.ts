import { headers } from 'next/headers';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import { MAX_PAGE_INDEX } from '@cutroom/core/features/discovery/browse/browse.schema';
import type {
  VideoPage,
  VideoSummary,
} from '@cutroom/core/features/discovery/browse/browse.service';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';
import { toCardVideo, type CardVideo } from '../video/card-video';

export type CardPage = Omit<VideoPage, 'data'> & { data: CardVideo[] };

/**
 * The database, the viewer, the clock and a cache that only serves visitors, for a listing
 * page: a service's call is `{ db, actor: viewer, now }`.
 */
export async function listingContext(): Promise<{
  db: Awaited<ReturnType<typeof getRuntime>>['database']['db'];
  viewer: Actor | null;
  /** The system clock: a page renders now. */
  now: () => Date;
  /** Loads through the listing cache for visitors; signed-in viewers get fresh data. */
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Loads through the listing cache for everyone: for answers no viewer changes. */
  cachedForAll: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  toCards: (videos: VideoSummary[]) => CardVideo[];
  toCardPage: (page: VideoPage) => CardPage;
  mediaBaseUrl: string;
}> {
  const runtime = await getRuntime();
  const viewer = await getViewer(await headers());
  const mediaBaseUrl = runtime.storage.publicBaseUrl;
  const toCards = (videos: VideoSummary[]) =>
    videos.map((video) => toCardVideo(video, mediaBaseUrl));
  return {
    db: runtime.database.db,
    viewer,
    now: () => new Date(),
    cached: (key, load) => runtime.listings.forVisitors(`page:${key}`, !viewer, load),
    cachedForAll: (key, load) => runtime.listings.forVisitors(`page:${key}`, true, load),
    toCards,
    toCardPage: (page) => ({ ...page, data: toCards(page.data) }),
    mediaBaseUrl,
  };
}

/** `?page=` (1-based in the URL) as a zero-based index; anything odd means the first page. */
export function pageIndexFrom(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const page = Number(raw);
  if (!raw || !Number.isInteger(page) || page < 1) return 0;
  return Math.min(page - 1, MAX_PAGE_INDEX);
}

export type SearchParamsPromise = Promise<Record<string, string | string[] | undefined>>;
