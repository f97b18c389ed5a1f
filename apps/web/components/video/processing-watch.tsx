'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** What the processing events stream says about a video (docs/decisions/0020, 0025). */
interface ProcessingEvent {
  type: string;
  videoId?: string;
  quality?: number;
}

/**
 * On the page of a video still processing (its owner's, or a moderator's): when its first
 * quality becomes playable, when it is published with every quality, or when it fails, the
 * page is fetched again, so the player appears and then plays the whole ladder. A page drawn
 * without the player asks once more as soon as it listens: the first quality may have become
 * playable between its render and the stream's opening, an event it would never hear.
 */
export function ProcessingWatch({ videoId, hasPlayer }: { videoId: string; hasPlayer: boolean }) {
  const router = useRouter();
  useEffect(() => {
    const source = new EventSource('/api/processing/events');
    const onEvent = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as ProcessingEvent;
      if (data.videoId === videoId) router.refresh();
    };
    for (const type of ['playable', 'published', 'held', 'failed']) {
      source.addEventListener(type, onEvent);
    }
    if (!hasPlayer) source.addEventListener('open', () => router.refresh(), { once: true });
    return () => source.close();
  }, [router, videoId, hasPlayer]);
  return null;
}
