import { IntentLink } from '@/components/ui/intent-link';

/** Which page numbers to offer: the first, the last known, and two either side of this one. */
export function pageNumbers(current: number, lastKnown: number): (number | 'gap')[] {
  const wanted = new Set([
    1,
    lastKnown,
    current - 2,
    current - 1,
    current,
    current + 1,
    current + 2,
  ]);
  const pages = [...wanted].filter((page) => page >= 1 && page <= lastKnown).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const page of pages) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && page - previous > 1) result.push('gap');
    result.push(page);
  }
  return result;
}

/**
 * Server-rendered page links (work without JavaScript; Back works). `index` is zero-based;
 * links carry `?page=` 1-based alongside the listing's other query parameters.
 */
export function Pagination({
  basePath,
  params,
  index,
  pageSize,
  count,
  hasMore,
}: {
  basePath: string;
  params?: URLSearchParams;
  index: number;
  pageSize: number;
  count: number;
  hasMore: boolean;
}) {
  const current = index + 1;
  const lastKnown = Math.max(current + (hasMore ? 1 : 0), Math.ceil(count / pageSize));
  if (lastKnown <= 1) return null;
  const href = (page: number) => {
    const query = new URLSearchParams(params);
    if (page > 1) query.set('page', String(page));
    else query.delete('page');
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  const linkClass = 'rounded px-3 py-2 text-sm hover:bg-white/10';
  return (
    <nav
      aria-label="Pages"
      className="mt-8 flex flex-wrap items-center justify-center gap-1"
      data-testid="pagination"
    >
      {current > 1 && (
        <IntentLink href={href(current - 1)} rel="prev" className={linkClass}>
          ← Previous
        </IntentLink>
      )}
      {pageNumbers(current, lastKnown).map((page, i) =>
        page === 'gap' ? (
          <span key={`gap-${i}`} className="px-2 text-neutral-500" aria-hidden="true">
            …
          </span>
        ) : (
          <IntentLink
            key={page}
            href={href(page)}
            aria-current={page === current ? 'page' : undefined}
            className={`${linkClass} ${page === current ? 'bg-accent font-semibold text-black hover:bg-accent' : ''}`}
          >
            {page}
          </IntentLink>
        ),
      )}
      {hasMore && (
        <IntentLink href={href(current + 1)} rel="next" className={linkClass}>
          Next →
        </IntentLink>
      )}
    </nav>
  );
}
