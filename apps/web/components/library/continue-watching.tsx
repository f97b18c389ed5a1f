'use client';

import { useEffect, useState } from 'react';
import { toCardVideo, type CardVideo } from '@/components/video/card-video';
import { VideoGrid } from '@/components/video/video-grid';
import { callLibrary, isMemberReading } from './library-client';

/**
 * The home page's "Continue watching" row: the member's started videos, asked for after the
 * page loads (the page itself is the one every visitor gets). Nothing shows for a visitor or
 * when there is nothing to continue.
 */
export function ContinueWatching({ mediaBaseUrl }: { mediaBaseUrl: string }) {
  const [videos, setVideos] = useState<CardVideo[]>([]);
  useEffect(() => {
    if (!isMemberReading()) return;
    let live = true;
    void callLibrary('ContinueWatching', {}).then((answer) => {
      if (!live || !answer) return;
      setVideos(
        answer.data.map(({ _id, ...video }) => toCardVideo({ id: _id, ...video }, mediaBaseUrl)),
      );
    });
    return () => {
      live = false;
    };
  }, [mediaBaseUrl]);
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="continue-heading" className="mb-8" data-testid="continue-watching">
      <h2 id="continue-heading" className="mb-3 text-lg font-semibold">
        Continue watching
      </h2>
      <VideoGrid videos={videos} />
    </section>
  );
}
