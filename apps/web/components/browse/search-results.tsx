import {
  LISTING_PAGE_SIZE,
  parseFiltersFromSearchParams,
} from '@cutroom/core/features/discovery/browse/browse.schema';
import { searchVideos } from '@cutroom/core/features/discovery/search/search.service';
import { Listing } from './listing';
import { listingContext, pageIndexFrom } from './listing-data';

/** Search results for a query, 18 a page, with typo corrections spelled out. */
export async function SearchResults({
  query,
  params,
}: {
  query: string;
  params: Record<string, string | string[] | undefined>;
}) {
  const index = pageIndexFrom(params.page);
  const { filters } = parseFiltersFromSearchParams(params);
  const { db, viewer, now, cached, toCardPage } = await listingContext();
  const safeFilters = viewer ? filters : { ...filters, subscriptions: false };
  const page = query
    ? await cached(`search:${query}:${JSON.stringify(safeFilters)}:${index}`, () =>
        searchVideos(
          { db, actor: viewer, now },
          { query, filters: safeFilters, index, pageSize: LISTING_PAGE_SIZE },
        ),
      )
    : null;
  if (!page) {
    return (
      <section aria-labelledby="search-heading">
        <h1 id="search-heading" className="mb-4 text-xl font-bold">
          Search
        </h1>
        <form
          action="/search"
          method="get"
          role="search"
          aria-label="Search again"
          className="flex max-w-xl gap-2"
        >
          <label htmlFor="search-page-query" className="sr-only">
            Search videos
          </label>
          <input
            id="search-page-query"
            name="q"
            type="search"
            placeholder="Titles, tags, music, stars, creators"
            className="min-w-0 flex-1 rounded-full border border-white/15 bg-surface px-4 py-2 text-white focus:border-accent"
          />
          <button
            type="submit"
            className="rounded-full bg-accent px-5 py-2 font-semibold text-black"
          >
            Search
          </button>
        </form>
      </section>
    );
  }
  return (
    <Listing
      title={`Results for “${query}”`}
      description={
        page.correctedQuery ? (
          <span data-testid="corrected-query">
            Including results for <strong className="text-white">{page.correctedQuery}</strong>
          </span>
        ) : undefined
      }
      page={toCardPage(page)}
      basePath="/search"
      params={new URLSearchParams({ q: query })}
      empty={{
        title: `No videos match “${query}”`,
        body: 'Check the spelling, or try fewer or more general words.',
        action: { href: '/browse', label: 'Browse all videos' },
      }}
    />
  );
}
