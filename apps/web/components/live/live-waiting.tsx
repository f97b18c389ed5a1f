'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/**
 * A scheduled live's waiting page (docs/live.md): when its stream arrives and plays, the live's
 * events say so and the page reloads as the live. With its chat beside it (a public live), the
 * chat's event stream does that and counts who is waiting; without, this one does.
 */
export function LiveWaiting({
  videoId,
  startsAt,
  hasChat = false,
}: {
  videoId: string;
  startsAt: string | null;
  hasChat?: boolean;
}) {
  const router = useRouter();
  const [watching, setWatching] = useState<number | null>(null);
  useEffect(() => {
    // One event stream a page: a second would count its viewer twice.
    if (hasChat) return;
    const source = new EventSource(`/api/live/${encodeURIComponent(videoId)}/events`);
    source.addEventListener('watching', (event) => {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
      setWatching(count);
    });
    source.addEventListener('published', () => {
      source.close();
      router.refresh();
    });
    return () => source.close();
  }, [videoId, router, hasChat]);
  return (
    <div
      className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl bg-surface-overlay p-6 text-center"
      data-testid="live-waiting"
    >
      <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-bold uppercase text-white">
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
