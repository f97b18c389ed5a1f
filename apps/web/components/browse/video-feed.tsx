'use client';

import { callApi, type ApiPayload } from '@/lib/client/api';
import { failedWithStatus } from '@cutroom/core/features/people/social/people-messages';
import { useRef, useState } from 'react';
import { toCardVideo, type CardVideo } from '../video/card-video';
import { EmptyState, VideoGrid } from '../video/video-grid';

/** The client keeps at most this many pages, then starts afresh (docs/limits.md). */
export const MAX_CACHED_PAGES = 20;

interface FeedPage {
  index: number;
  videos: CardVideo[];
}

/**
 * The dashboard's list: the server renders the first page; "Load more" asks
 * /api/getmorevideos for the next. Without JavaScript the button is a link to the next page.
 */
export function VideoFeed({
  initial,
  request,
  mediaBaseUrl,
  nextPageHref,
  emptyTitle,
  emptyAction,
}: {
  initial: { index: number; data: CardVideo[]; hasMore: boolean };
  /** The getmorevideos body, less `index`. */
  request: Omit<ApiPayload<'/api/getmorevideos'>, 'index'>;
  mediaBaseUrl: string;
  nextPageHref: string;
  emptyTitle: string;
  emptyAction: { href: string; label: string };
}) {
  const [pages, setPages] = useState<FeedPage[]>([{ index: initial.index, videos: initial.data }]);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const top = useRef<HTMLDivElement>(null);

  const loadMore = async () => {
    if (isLoading) return;
    const index = pages.at(-1)!.index + 1;
    setLoading(true);
    setError(null);
    try {
      const answer = await callApi('/api/getmorevideos', { ...request, index });
      const body = answer.body;
      if (!answer.ok || !body.data)
        throw new Error(answer.message ?? failedWithStatus(answer.status));
      // The answer names a video's id `_id` (docs/api.md); cards call it `id`, as pages do.
      const videos = body.data.map(({ _id, ...video }) =>
        toCardVideo({ ...video, id: _id }, mediaBaseUrl),
      );
      setHasMore(Boolean(body.hasMore));
      if (pages.length >= MAX_CACHED_PAGES) {
        // Too much kept in memory: this page becomes the first one shown.
        setPages([{ index, videos }]);
        setStatus(`Showing page ${index + 1} onwards`);
        top.current?.scrollIntoView({ block: 'start' });
      } else {
        setPages([...pages, { index, videos }]);
        setStatus(`Loaded ${videos.length} more videos`);
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Network error loading videos');
    } finally {
      setLoading(false);
    }
  };

  const videos = pages.flatMap((page) => page.videos);
  const firstIndex = pages[0]!.index;
  return (
    <div
      ref={top}
      className="scroll-mt-20"
      data-testid="video-feed"
      data-pages={pages.length}
      data-first-page={firstIndex + 1}
    >
      {firstIndex > 0 && (
        <p className="mb-4 text-sm text-neutral-400">Showing from page {firstIndex + 1}.</p>
      )}
      {videos.length === 0 ? (
        <EmptyState title={emptyTitle} action={emptyAction} />
      ) : (
        <VideoGrid videos={videos} />
      )}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {error && (
        <p role="alert" className="mt-6 text-center text-sm text-red-400">
          {error}
        </p>
      )}
      {hasMore && (
        <div className="mt-8 flex justify-center">
          <a
            href={nextPageHref}
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
            aria-disabled={isLoading}
            className="rounded-full border border-white/20 px-6 py-2 font-semibold hover:bg-white/10"
            data-testid="load-more"
          >
            {isLoading ? 'Loading…' : 'Load more'}
          </a>
        </div>
      )}
    </div>
  );
}
