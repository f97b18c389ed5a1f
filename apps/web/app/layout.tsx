import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
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

/**
 * The document around every page. The site's shell is drawn by the route groups' layouts
 * ((public), (member), ...), which also check who may enter; the embed page has none.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="dark">
      <body className="font-sans antialiased">{children}</body>
    </html>
  );
}
