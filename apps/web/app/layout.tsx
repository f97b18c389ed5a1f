import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { can } from '@cutroom/core/access/rights';
import { BuildWatcher } from '@/components/shell/build-watcher';
import { CategoryStrip } from '@/components/shell/category-strip';
import { MobileBanner, PromoCard } from '@/components/shell/promotions';
import { SiteFooter } from '@/components/shell/site-footer';
import { TopBar } from '@/components/shell/top-bar';
import { getViewer } from '@/lib/session';
import { siteSettings } from '@/lib/site';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { siteName } = siteSettings();
  return {
    title: { default: siteName, template: `%s · ${siteName}` },
    description: `${siteName}: watch, share and discover videos.`,
  };
}

export const viewport: Viewport = { themeColor: '#121212', colorScheme: 'dark' };

/** The root shell of spec §2, in order; promotions only for non-supporters. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  // The embed page is the player alone, in other sites' frames: no shell, no promotions.
  if (requestHeaders.get('x-pathname')?.startsWith('/video/embed/')) {
    return (
      <html lang="en" className="dark">
        <body className="overflow-hidden bg-black font-sans antialiased">{children}</body>
      </html>
    );
  }
  const settings = siteSettings();
  const viewer = await getViewer(requestHeaders);
  const showsAds = !can(viewer, 'adFree');
  return (
    <html lang="en" className="dark">
      <body className="min-h-screen font-sans antialiased">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-black"
        >
          Skip to content
        </a>
        <TopBar siteName={settings.siteName} viewer={viewer} />
        {showsAds && <PromoCard {...settings.ad} />}
        <CategoryStrip />
        {showsAds && <MobileBanner {...settings.banner} />}
        <main
          id="content"
          data-testid="page-outlet"
          className="mx-auto mt-3 max-w-[1920px] border-t-4 border-accent px-3 pt-4 sm:px-4"
        >
          {children}
        </main>
        <SiteFooter siteName={settings.siteName} />
        <BuildWatcher pollSeconds={settings.buildPollSeconds} />
      </body>
    </html>
  );
}
