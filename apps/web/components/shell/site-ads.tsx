'use client';

import { useEffect, useRef } from 'react';
import type { AdSettings } from '@/lib/ads/ad-settings';
import { useNotSupporter } from './member-parts';

/**
 * The site's ads and outside tags (docs/ads.md). Nothing is fetched from any ad host, analytics
 * or font host until the reader is known not to be a supporter: at once for a visitor, after
 * their parts for a member (the page is shared, docs/decisions/0024). The code itself is a
 * chunk loaded then, so pages of supporters and sites without ads load none of it.
 */
export function SiteAds({ settings }: { settings: AdSettings }) {
  const notSupporter = useNotSupporter();
  const ads = notSupporter === true;
  const outsideTags = ads || (!settings.outsideTagsSkipSupporters && notSupporter !== null);
  // The settings as they were first given: a new copy of the same (the shell rendered again)
  // does not start the ads again.
  const given = useRef(settings);
  useEffect(() => {
    if (!ads && !outsideTags) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('@/lib/client/ads/start-ads').then(({ startAds }) => {
      if (!cancelled) stop = startAds(given.current, { ads, outsideTags });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [ads, outsideTags]);
  return null;
}
