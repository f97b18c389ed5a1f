'use client';

import type { FeedVideo } from '@cutroom/core/features/discovery/feed/feed.service';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { CommentsSection } from '@/components/comments/comments-section';
import { callApi } from '@/lib/client/api';

type FirstPage = ComponentProps<typeof CommentsSection>['initial'];

/**
 * A feed video's comments in a panel over the feed (a modal dialog: Escape or the button
 * closes it, focus stays inside): the first page is asked for when it opens, then the comments
 * section works as on the video page.
 */
export function FeedComments({
  video,
  signedIn,
  onClose,
}: {
  video: FeedVideo;
  signedIn: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [first, setFirst] = useState<FirstPage | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    dialog.current?.showModal();
    let live = true;
    void callApi('/api/v2/comments', {
      mode: 'List',
      videoId: video.id,
      order: 'newest',
      index: 0,
    }).then((result) => {
      if (!live) return;
      if (result.ok) setFirst(result.body);
      else setError(result.body.error ?? 'The comments could not be loaded. Please try again');
    });
    return () => {
      live = false;
    };
  }, [video.id]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="feed-comments-title"
      className="fixed inset-x-0 bottom-0 m-0 mx-auto mt-auto max-h-[75dvh] w-full max-w-xl overflow-y-auto rounded-t-2xl bg-surface-raised p-4 text-neutral-100 backdrop:bg-black/60 md:bottom-auto md:top-1/2 md:-translate-y-1/2 md:rounded-2xl"
      data-testid="feed-comments"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="feed-comments-title" className="min-w-0 truncate text-lg font-semibold">
          Comments on {video.title}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="shrink-0 whitespace-nowrap rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
        >
          Close
        </button>
      </div>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      {!first && !error && <p className="text-neutral-300">Loading comments…</p>}
      {first && (
        <CommentsSection
          videoId={video.id}
          durationSeconds={video.durationSeconds}
          initial={first}
          signedIn={signedIn}
        />
      )}
    </dialog>
  );
}
