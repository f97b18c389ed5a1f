'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { CommentsSection, type CommentsSectionProps } from '@/components/comments/comments-section';

/**
 * Beside a live on air or its waiting page (docs/live.md): how many are watching and its chat, which is its
 * comments under the comment rules, read again whenever the live's events say they changed.
 * The page's event stream is also its viewer's presence; the page reloads when the live ends
 * or, on a waiting page, when the live begins.
 */
export function LiveChat(props: Omit<CommentsSectionProps, 'live'>) {
  const router = useRouter();
  const [watching, setWatching] = useState<number | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const source = new EventSource(`/api/live/${encodeURIComponent(props.videoId)}/events`);
    source.addEventListener('watching', (event) => {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
      setWatching(count);
    });
    source.addEventListener('chat', () => setChanges((n) => n + 1));
    // The live ended, or (beside a waiting page) its stream arrived and it plays: the page
    // shows what it is now.
    for (const type of ['live-ended', 'published']) {
      source.addEventListener(type, () => {
        source.close();
        router.refresh();
      });
    }
    return () => source.close();
  }, [props.videoId, router]);
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-surface-raised p-4">
      <p className="text-sm text-neutral-300" aria-live="polite">
        <span
          aria-hidden="true"
          className="mr-2 inline-block h-2 w-2 rounded-full bg-red-600 align-middle"
        />
        <span data-testid="watching-count">{watching === null ? '…' : `${watching} watching`}</span>
      </p>
      <CommentsSection {...props} live={{ heading: 'Live chat', changes }} />
    </div>
  );
}
