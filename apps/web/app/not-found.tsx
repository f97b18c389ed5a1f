import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { ErrorPage } from '@/components/errors/error-page';
import { SiteShell } from '@/components/shell/site-shell';
import { isCrawler } from '@/lib/crawler';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Page Not Found' };

/** Every unmatched route: 404 'Page not found: {path}'. */
export default async function NotFound() {
  const requestHeaders = await headers();
  const path = requestHeaders.get('x-pathname') ?? '';
  if (isCrawler(requestHeaders.get('user-agent'))) {
    const { log } = await getRuntime();
    log.info(
      { reqId: requestHeaders.get('x-request-id'), path, status: 404 },
      'crawler hit a missing page',
    );
    return null;
  }
  // Unmatched paths render outside the route groups, so the shell is drawn here.
  return (
    <SiteShell viewer={await getViewer(requestHeaders)}>
      <ErrorPage statusCode={404} description={`Page not found: ${path}`} />
    </SiteShell>
  );
}
