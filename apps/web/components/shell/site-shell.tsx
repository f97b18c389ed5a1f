import type { ReactNode } from 'react';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import { can } from '@cutroom/core/access/rights';
import { BuildWatcher } from '@/components/shell/build-watcher';
import { CategoryStrip } from '@/components/shell/category-strip';
import { MemberPartsProvider, NotForSupporters } from '@/components/shell/member-parts';
import { MobileBanner, PromoCard } from '@/components/shell/promotions';
import { RouteFocus } from '@/components/shell/route-focus';
import { SiteAds } from '@/components/shell/site-ads';
import { SiteFooter } from '@/components/shell/site-footer';
import { TopBar } from '@/components/shell/top-bar';
import { getRuntime } from '@/lib/server/runtime';
import { hasAnyAd } from '@/lib/ads/ad-settings';
import { siteSettings } from '@/lib/server/site';
import { shellParts } from '@cutroom/core/features/site/member-parts/member-parts.service';

/**
 * The site's shell (docs/ads.md, "The shell's promotions"), in order, around a page; promotions
 * only for non-supporters. Rendered for a visitor it is the shared page members are served too
 * (docs/decisions/0024): their parts (account menu, badges, no promotions for supporters) are
 * filled in afterwards.
 */
export async function SiteShell({
  viewer,
  children,
}: {
  viewer: Actor | null;
  children: ReactNode;
}) {
  const settings = siteSettings();
  const showsAds = !can(viewer, 'adFree');
  const runtime = viewer ? await getRuntime() : null;
  const parts =
    viewer && runtime
      ? await shellParts({ db: runtime.database.db, actor: viewer }, runtime.memberCache)
      : null;
  return (
    <MemberPartsProvider initial={parts}>
      <div className="site-shell min-h-screen">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-black"
        >
          Skip to content
        </a>
        <TopBar siteName={settings.siteName} />
        {/* After the content on a phone's video page (globals.css): the video comes first. */}
        <div className="shell-lead">
          {showsAds && (
            <NotForSupporters>
              <PromoCard {...settings.ad} />
            </NotForSupporters>
          )}
          <CategoryStrip />
          {showsAds && (
            <NotForSupporters>
              <MobileBanner {...settings.banner} />
            </NotForSupporters>
          )}
        </div>
        <main
          id="content"
          data-testid="page-outlet"
          className="mx-auto mt-3 max-w-[1920px] border-t-4 border-accent px-3 pt-4 sm:px-4"
        >
          {children}
        </main>
        <SiteFooter siteName={settings.siteName} />
        <BuildWatcher pollSeconds={settings.buildPollSeconds} />
        <RouteFocus />
        {hasAnyAd(settings.ads) && <SiteAds settings={settings.ads} />}
      </div>
    </MemberPartsProvider>
  );
}
