import type { ReactNode } from 'react';
import { formatVideoCount } from '@/lib/format';
import { EmptyState, VideoGrid } from '../video/video-grid';
import type { CardPage } from './listing-data';
import { Pagination } from './pagination';

/** A listing page: heading with its count, the grid or an empty state, and page links. */
export function Listing({
  title,
  description,
  page,
  basePath,
  params,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  page: CardPage;
  basePath: string;
  params?: URLSearchParams;
  empty: { title: string; body?: ReactNode; action?: { href: string; label: string } };
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="listing-heading">
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h1 id="listing-heading" className="break-words text-xl font-bold">
            {title}
          </h1>
          {description && <div className="mt-1 text-sm text-neutral-400">{description}</div>}
        </div>
        {page.count > 0 && (
          <p className="text-sm text-neutral-400" data-testid="listing-count">
            {formatVideoCount(page.count, page.countIsCapped, page.countIsEstimate)}
          </p>
        )}
      </header>
      {children}
      {page.data.length === 0 ? (
        <EmptyState
          title={page.index > 0 ? 'No more videos here' : empty.title}
          action={
            page.index > 0 ? { href: basePath, label: 'Back to the first page' } : empty.action
          }
        >
          {page.index > 0 ? 'This page is past the end of the list.' : empty.body}
        </EmptyState>
      ) : (
        <VideoGrid videos={page.data} />
      )}
      <Pagination
        basePath={basePath}
        params={params}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </section>
  );
}
