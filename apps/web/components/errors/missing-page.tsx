import { headers } from 'next/headers';
import { ErrorPage } from './error-page';

/**
 * 404 'Page not found: {path}' inside a route group's shell: each group has a not-found.tsx
 * drawing this, so a page's notFound() is answered within the shell it is already in, not
 * with the root's page, which draws a shell of its own (docs/pages.md).
 */
export async function MissingPage() {
  const path = (await headers()).get('x-pathname') ?? '';
  return <ErrorPage statusCode={404} description={`Page not found: ${path}`} />;
}
