'use client';

import { useEffect, useRef } from 'react';

/**
 * The embed frame's "Watch on …" link at the top right. The player's title keeps clear of it:
 * the badge's width (with its margin) is given to the frame as `--cr-title-end`, the room the
 * title leaves at its end, whatever the site's name and the frame's size.
 */
export function WatchOnBadge({ href, siteName }: { href: string; siteName: string }) {
  const badge = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const link = badge.current;
    const frame = link?.parentElement;
    if (!link || !frame) return;
    // From the badge's left edge to the frame's right edge, and a gap.
    const keepClear = () =>
      frame.style.setProperty('--cr-title-end', `${frame.clientWidth - link.offsetLeft + 8}px`);
    const observer = new ResizeObserver(keepClear);
    observer.observe(link);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  return (
    <a
      ref={badge}
      href={href}
      target="_blank"
      rel="noopener"
      className="absolute right-2 top-2 rounded bg-black/60 px-2 py-1 text-xs text-white hover:bg-black/80"
    >
      Watch on {siteName}
    </a>
  );
}
