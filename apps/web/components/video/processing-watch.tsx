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
 * page is fetched again, so the player appears and then plays the whole ladder.
 */
export function ProcessingWatch({ videoId }: { videoId: string }) {
  const router = useRouter();
  useEffect(() => {
    const source = new EventSource('/api/processing/events');
    const onEvent = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as ProcessingEvent;
      if (data.videoId === videoId) router.refresh();
    };
    for (const type of ['playable', 'published', 'failed']) {
      source.addEventListener(type, onEvent);
    }
    return () => source.close();
  }, [router, videoId]);
  return null;
}
