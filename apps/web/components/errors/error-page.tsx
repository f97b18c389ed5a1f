import { IS_DEVELOPMENT_BUILD } from '@/lib/build-info';

export interface ErrorPageProps {
  statusCode?: number;
  statusMessage?: string;
  description?: string;
  /** Shown only in development. */
  stack?: string;
}

/** The title of each status the site answers with a page of its own. */
const TITLES: Record<number, string> = {
  401: 'Sign in required',
  403: 'Not open to your account',
  404: 'Page Not Found',
};

/** The error page: a not-found variant for 404, a generic one otherwise (docs/pages.md). */
export function ErrorPage({ statusCode = 500, statusMessage, description, stack }: ErrorPageProps) {
  const isNotFound = statusCode === 404;
  const title = statusMessage ?? TITLES[statusCode] ?? 'Internal Server Error';
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center py-16 text-center"
      data-testid={isNotFound ? 'error-not-found' : 'error-generic'}
    >
      <p className="text-7xl font-black text-accent">{statusCode}</p>
      <h1 className="mt-4 text-2xl font-bold text-white">{title}</h1>
      {description && <p className="mt-3 text-neutral-300">{description}</p>}
      {/* A plain link: after a fault the home page loads afresh, and each error boundary's
          chunk does not carry a copy of the router's link (3 KB a boundary, docs/pages.md). */}
      <a
        href="/"
        className="mt-8 rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong"
      >
        Back to the videos
      </a>
      {stack && IS_DEVELOPMENT_BUILD && (
        <pre className="mt-8 w-full overflow-x-auto rounded bg-black/60 p-4 text-left text-xs text-red-300">
          {stack}
        </pre>
      )}
    </section>
  );
}
