'use client';

import { ErrorPage } from '@/components/errors/error-page';
import './globals.css';

/** A fault in the root layout itself: the generic error page with no shell around it. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en" className="dark">
      <body className="min-h-screen font-sans">
        <ErrorPage
          statusCode={500}
          description="The site could not be shown."
          stack={error.stack}
        />
      </body>
    </html>
  );
}
