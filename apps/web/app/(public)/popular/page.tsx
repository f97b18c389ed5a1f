import { SimpleListing } from '@/components/browse/simple-listing';
import type { SearchParamsPromise } from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Popular' };

/** The most viewed videos of all time. */
export default async function PopularPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const { page } = await searchParams;
  return (
    <SimpleListing
      title="Popular"
      description="The most viewed videos of all time."
      filters={{ view: 'popular' }}
      basePath="/popular"
      pageParam={page}
      empty={{ title: 'No videos yet', body: 'Popular videos show up here once there are some.' }}
    />
  );
}
