'use client';

import { useEffect, useRef, useState } from 'react';
import { parseSpriteVtt, type SpriteFrame } from '@/lib/format';

const FRAME_MS = 450;
/** Tracks fetched once a page: many cards can share one hover. */
const trackCache = new Map<string, Promise<SpriteFrame[]>>();

function loadFrames(url: string): Promise<SpriteFrame[]> {
  let frames = trackCache.get(url);
  if (!frames) {
    frames = fetch(url)
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => parseSpriteVtt(text, url))
      .catch(() => []);
    trackCache.set(url, frames);
  }
  return frames;
}

/**
 * The card's picture: the poster, a neutral placeholder before media exists, and while hovered
 * or focused a flip-book of the preview sprite frames.
 */
export function VideoThumbnail({
  title,
  posterUrl,
  posterWebpUrl,
  previewVttUrl,
  active,
}: {
  title: string;
  posterUrl?: string | null;
  posterWebpUrl?: string | null;
  previewVttUrl?: string | null;
  active: boolean;
}) {
  const [frames, setFrames] = useState<SpriteFrame[]>([]);
  const [frame, setFrame] = useState(0);
  const [boxWidth, setBoxWidth] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!active || !previewVttUrl) return;
    let cancelled = false;
    setBoxWidth(box.current?.clientWidth ?? 0);
    void loadFrames(previewVttUrl).then((loaded) => {
      if (!cancelled) setFrames(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [active, previewVttUrl]);

  useEffect(() => {
    if (!active || frames.length === 0) return;
    const timer = setInterval(() => setFrame((current) => (current + 1) % frames.length), FRAME_MS);
    return () => {
      clearInterval(timer);
      setFrame(0);
    };
  }, [active, frames]);

  const current = active ? frames[frame] : undefined;
  // Frames are drawn at their own size and scaled to the card, so the sheet's size is not needed.
  const scale = current && boxWidth > 0 ? boxWidth / current.width : 1;
  return (
    <div ref={box} className="relative aspect-video overflow-hidden rounded-lg bg-surface-overlay">
      {posterUrl ? (
        <picture>
          {posterWebpUrl && <source srcSet={posterWebpUrl} type="image/webp" />}
          <img
            src={posterUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        </picture>
      ) : (
        <div
          aria-hidden="true"
          data-testid="thumbnail-placeholder"
          className="flex h-full w-full items-center justify-center bg-gradient-to-br from-white/5 to-white/10"
        >
          <svg viewBox="0 0 24 24" className="h-10 w-10 fill-white/25">
            <path d="M8 5v14l11-7z" />
          </svg>
        </div>
      )}
      {current && (
        <div
          aria-hidden="true"
          data-testid="thumbnail-preview"
          className="absolute left-0 top-0"
          style={{
            width: current.width,
            height: current.height,
            backgroundImage: `url(${JSON.stringify(current.url)})`,
            backgroundPosition: `-${current.x}px -${current.y}px`,
            backgroundRepeat: 'no-repeat',
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
          }}
        />
      )}
      <span className="sr-only">{title}</span>
    </div>
  );
}
