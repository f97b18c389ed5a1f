import type { MetadataRoute } from 'next';
import { siteSettings } from '@/lib/server/site';

// The site's name comes from the configuration at run time, not at build time.
export const dynamic = 'force-dynamic';

/** The web app manifest (/manifest.webmanifest): name, colours and icons for installing. */
export default function manifest(): MetadataRoute.Manifest {
  const { siteName } = siteSettings();
  return {
    name: siteName,
    short_name: siteName,
    description: `${siteName}: watch, share and discover videos.`,
    start_url: '/',
    display: 'standalone',
    background_color: '#121212',
    theme_color: '#121212',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}
