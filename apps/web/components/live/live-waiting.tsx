'use client';

import { useLivePage } from './live-events';

/**
 * A scheduled live's waiting page (docs/live.md): when its stream arrives and plays, the live's
 * events (the page's `LiveEvents`) say so and the page is drawn again as the live; when its
 * streamer takes the schedule back, it says so at once. Without its chat beside it (an
 * unlisted or private live), it shows the number waiting itself.
 */
export function LiveWaiting({
  startsAt,
  hasChat = false,
}: {
  startsAt: string | null;
  hasChat?: boolean;
}) {
  const live = useLivePage();
  const watching = live?.watching ?? null;
  // Its streamer took the schedule back: the page is gone, and says so where it waits.
  if (live?.end && !live.end.hasReplay) {
    return (
      <div
        role="status"
        className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl bg-surface-overlay p-6 text-center"
        data-testid="live-called-off"
      >
        <span className="whitespace-nowrap rounded bg-neutral-600 px-2 py-0.5 text-xs font-bold uppercase text-white">
          Called off
        </span>
        <p className="text-lg font-semibold text-white">This live will not take place here</p>
        <p className="text-sm text-neutral-400">Its streamer took the schedule back.</p>
      </div>
    );
  }
  return (
    <div
      className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl bg-surface-overlay p-6 text-center"
      data-testid="live-waiting"
    >
      <span className="whitespace-nowrap rounded bg-red-600 px-2 py-0.5 text-xs font-bold uppercase text-white">
        Live soon
      </span>
      <p className="text-lg font-semibold text-white">
        {startsAt ? (
          <>
            Starts{' '}
            <time dateTime={startsAt} suppressHydrationWarning>
              {new Date(startsAt).toLocaleString()}
            </time>
          </>
        ) : (
          'Starts soon'
        )}
      </p>
      <p className="text-sm text-neutral-400">
        Keep this page open: it turns into the live by itself when the stream arrives.
      </p>
      {!hasChat && (
        <p className="text-sm text-neutral-300" aria-live="polite">
          <span data-testid="watching-count">
            {watching === null ? '…' : `${watching} waiting`}
          </span>
        </p>
      )}
    </div>
  );
}
