'use client';

import { CommentsSection, type CommentsSectionProps } from '@/components/comments/comments-section';
import { useLivePage } from './live-events';

/**
 * Beside a live on air or its waiting page (docs/live.md): how many are watching and its chat,
 * which is its comments under the comment rules, read again whenever the live's events (the
 * page's `LiveEvents`) say they changed.
 */
export function LiveChat(props: Omit<CommentsSectionProps, 'live'>) {
  const live = useLivePage();
  const watching = live?.watching ?? null;
  const isOver = live?.phase === 'ended' || live?.end != null;
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-surface-raised p-4">
      {!isOver && (
        <p className="text-sm text-neutral-300" aria-live="polite">
          <span
            aria-hidden="true"
            className="mr-2 inline-block h-2 w-2 rounded-full bg-red-600 align-middle"
          />
          <span data-testid="watching-count">
            {watching === null ? '…' : `${watching} watching`}
          </span>
        </p>
      )}
      <CommentsSection
        {...props}
        live={{ heading: 'Live chat', changes: live?.chatChanges ?? 0 }}
      />
    </div>
  );
}
