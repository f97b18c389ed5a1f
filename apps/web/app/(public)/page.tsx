import {
  DASHBOARD_PAGE_SIZE,
  DEFAULT_FILTERS,
  filtersToSearchParams,
  parseFiltersFromSearchParams,
} from '@cutroom/core/features/discovery/browse/browse.schema';
import { listVideos } from '@cutroom/core/features/discovery/browse/browse.service';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { getMetadataLists } from '@cutroom/core/features/videos/metadata/metadata.service';
import { FilterForm } from '@/components/browse/filter-form';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { VideoFeed } from '@/components/browse/video-feed';
import { ContinueWatching } from '@/components/library/continue-watching';
import { formatVideoCount } from '@/lib/format';
import { categories } from '@/lib/server/site';

export const dynamic = 'force-dynamic';

/** The dashboard: every filter in the URL, the first page rendered here, more on demand. */
export default async function HomePage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const params = await searchParams;
  const { filters: parsed, error } = parseFiltersFromSearchParams(params);
  const index = pageIndexFrom(params.page);
  const { db, viewer, now, cached, toCardPage, mediaBaseUrl } = await listingContext();
  // A visitor's bookmarked "subscriptions only" link shows everything with a sign-in hint.
  const needsSignIn = parsed.subscriptions && !viewer;
  const filters = needsSignIn ? { ...parsed, subscriptions: false } : parsed;
  const query = filtersToSearchParams(filters).toString();
  const [page, metadata] = await Promise.all([
    cached(`dashboard:${query}:${index}`, () =>
      listVideos({ db, actor: viewer, now }, { filters, index, pageSize: DASHBOARD_PAGE_SIZE }),
    ).catch((caught: unknown) => {
      if (isServiceError(caught)) return null;
      throw caught;
    }),
    cached('dashboard:suggestions', () => getMetadataLists(db, { limit: 20 })),
  ]);
  const hasActiveFilters = query !== '' && query !== 'view=popular';
  const nextParams = new URLSearchParams(query);
  nextParams.set('page', String(index + 2));
  const cardPage = page ? toCardPage(page) : null;
  return (
    <>
      {index === 0 && <ContinueWatching mediaBaseUrl={mediaBaseUrl} />}
      <section aria-labelledby="dashboard-heading">
        <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="dashboard-heading" className="text-xl font-bold">
            {filters.view === 'popular' ? 'Most popular videos' : 'Newest videos'}
          </h1>
          {cardPage && cardPage.count > 0 && (
            <p className="text-sm text-neutral-400" data-testid="listing-count">
              {formatVideoCount(cardPage.count, cardPage.countIsCapped, cardPage.countIsEstimate)}
            </p>
          )}
        </header>
        {error && (
          <p
            role="alert"
            className="mb-4 rounded border border-red-400/40 bg-red-400/10 px-3 py-2 text-sm text-red-200"
          >
            Some filters in this link were not understood ({error}); showing everything instead.
          </p>
        )}
        {needsSignIn && (
          <p
            role="status"
            className="mb-4 rounded border border-accent/40 bg-accent/10 px-3 py-2 text-sm"
          >
            <a href="/login" className="underline">
              Sign in
            </a>{' '}
            to see only videos from your subscriptions.
          </p>
        )}
        <FilterForm
          key={query}
          values={{ ...filters }}
          categories={categories}
          suggestions={{
            tags: Object.keys(metadata.tags),
            music: Object.keys(metadata.music),
            stars: Object.keys(metadata.stars),
            creators: Object.keys(metadata.creators),
          }}
          isSignedIn={viewer !== null}
          hasActiveFilters={hasActiveFilters}
        />
        {cardPage && (
          <VideoFeed
            key={`${query}:${index}`}
            initial={cardPage}
            request={{ filters: filters === DEFAULT_FILTERS ? {} : filters }}
            mediaBaseUrl={mediaBaseUrl}
            nextPageHref={`/?${nextParams}`}
            emptyTitle={hasActiveFilters ? 'No videos match these filters' : 'No videos yet'}
            emptyAction={
              hasActiveFilters
                ? { href: '/', label: 'Clear the filters' }
                : { href: '/upload', label: 'Upload a video' }
            }
          />
        )}
      </section>
    </>
  );
}
