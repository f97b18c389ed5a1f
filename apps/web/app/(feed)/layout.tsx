import type { ReactNode } from 'react';
import { BuildWatcher } from '@/components/shell/build-watcher';
import { MemberPartsProvider } from '@/components/shell/member-parts';
import { SiteAds } from '@/components/shell/site-ads';
import { hasAnyAd } from '@/lib/ads/ad-settings';
import { pageAccess } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';
import { siteSettings } from '@/lib/server/site';
import { shellParts } from '@cutroom/core/features/site/member-parts/member-parts.service';

/**
 * The vertical feed, full screen: anyone may enter (the right to view), as in app/(public),
 * but without the site's header and footer around it: a small bar leads back to the site.
 * The site's ads follow their rules here too (docs/ads.md).
 */
const GROUP_RIGHT = 'view';

export default async function FeedLayout({ children }: { children: ReactNode }) {
  const viewer = await pageAccess(GROUP_RIGHT);
  const settings = siteSettings();
  const runtime = viewer ? await getRuntime() : null;
  const parts =
    viewer && runtime
      ? await shellParts({ db: runtime.database.db, actor: viewer }, runtime.memberCache)
      : null;
  return (
    <MemberPartsProvider initial={parts}>
      <div className="relative h-dvh overflow-hidden bg-black text-white">
        <header className="pointer-events-none absolute inset-x-0 top-0 z-20 flex items-center justify-between gap-3 bg-gradient-to-b from-black/80 to-transparent px-4 py-3">
          <a
            href="/"
            className="pointer-events-auto text-lg font-bold tracking-tight text-white"
            data-testid="feed-home"
          >
            <span className="text-accent">Cut</span>room
            <span className="sr-only"> — {settings.siteName} home</span>
          </a>
          <span className="text-sm font-semibold text-neutral-200">Shorts</span>
        </header>
        <main id="content" data-testid="page-outlet">
          {children}
        </main>
      </div>
      <BuildWatcher pollSeconds={settings.buildPollSeconds} />
      {hasAnyAd(settings.ads) && <SiteAds settings={settings.ads} />}
    </MemberPartsProvider>
  );
}
