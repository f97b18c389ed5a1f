import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { THEME_SCRIPT } from '@/components/theme/theme';
import { siteSettings } from '@/lib/server/site';
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
 * The document around every page; dark unless the theme cookie says otherwise. The site's shell is drawn by the route groups' layouts
 * ((public), (member), ...), which also check who may enter; the embed page has none.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The head script sets the chosen theme before the body is drawn (React is told the
    // attribute may differ from the server's).
    <html lang="en" data-theme="dark" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="font-sans antialiased">{children}</body>
    </html>
  );
}
