'use client';

import { useEffect, useState } from 'react';
import { ErrorPage } from '@/components/errors/error-page';
import { isCrawler } from '@/lib/crawler';

/** Errors inside a page: the generic error page (crawlers get an empty body). */
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const [crawler, setCrawler] = useState(false);
  useEffect(() => setCrawler(isCrawler(navigator.userAgent)), []);
  if (crawler) return null;
  return (
    <ErrorPage
      statusCode={500}
      description={
        error.digest
          ? `Something went wrong while showing this page (reference ${error.digest}).`
          : 'Something went wrong while showing this page.'
      }
      stack={error.stack}
    />
  );
}
