import { listTrendingVideos } from '@cutroom/core/features/discovery/browse/listings.service';
import { LISTING_PAGE_SIZE } from '@cutroom/core/features/discovery/browse/browse.schema';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Trending' };

/** Views gathered over the last week, recent days counting most. */
export default async function TrendingPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const index = pageIndexFrom((await searchParams).page);
  // The same for every viewer, and the dearest listing to compute (a week of daily views).
  const { db, now, cachedForAll, toCardPage } = await listingContext();
  const page = await cachedForAll(`trending:${index}`, () =>
    listTrendingVideos({ db, now }, { index, pageSize: LISTING_PAGE_SIZE }),
  );
  return (
    <Listing
      title="Trending"
      description="What people watched most this week, the last few days counting most."
      page={toCardPage(page)}
      basePath="/trending"
      empty={{
        title: 'Nothing is trending yet',
        body: 'Videos watched in the last seven days show up here.',
        action: { href: '/popular', label: 'See popular videos' },
      }}
    />
  );
}
