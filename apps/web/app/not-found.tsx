import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { ErrorPage } from '@/components/errors/error-page';
import { isCrawler } from '@/lib/crawler';
import { getRuntime } from '@/lib/runtime';

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
  return <ErrorPage statusCode={404} description={`Page not found: ${path}`} />;
}
