import { redirect } from 'next/navigation';
import { LISTING_PAGE_SIZE } from '@cutroom/core/features/discovery/browse/browse.schema';
import {
  listDiscoverVideos,
  newDiscoverSeed,
} from '@cutroom/core/features/discovery/browse/listings.service';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Discover' };

/**
 * A varied sample in a shuffled order; the seed in the URL keeps its pages consistent and
 * shareable, and "Shuffle again" draws a new one.
 */
export default async function DiscoverPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const params = await searchParams;
  const seed =
    typeof params.seed === 'string' && /^[0-9a-f]{6,32}$/.test(params.seed) ? params.seed : null;
  if (!seed) redirect(`/discover?seed=${newDiscoverSeed()}`);
  const index = pageIndexFrom(params.page);
  const { db, viewer, cached, toCardPage } = await listingContext();
  const page = await cached(`discover:${seed}:${index}`, () =>
    listDiscoverVideos({ db, actor: viewer }, { seed, index, pageSize: LISTING_PAGE_SIZE }),
  );
  return (
    <Listing
      title="Discover"
      description={
        <>
          A shuffled mix{viewer ? ' of videos you have not watched yet' : ''}.{' '}
          <a href="/discover" className="text-accent underline">
            Shuffle again
          </a>
        </>
      }
      page={toCardPage(page)}
      basePath="/discover"
      params={new URLSearchParams({ seed })}
      empty={{
        title: viewer ? 'You have seen everything' : 'No videos yet',
        body: viewer
          ? 'Nothing left that you have not watched.'
          : 'Come back once videos are shared.',
      }}
    />
  );
}
