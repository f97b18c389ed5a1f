import { decodeLabel } from '@/components/browse/label-listing';
import { SearchResults } from '@/components/browse/search-results';
import type { SearchParamsPromise } from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return { title: `Search: ${decodeLabel((await params).id).slice(0, 60)}` };
}

/** /search/{words}: a search as a path, for links from elsewhere. */
export default async function SearchPathPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParamsPromise;
}) {
  const query = decodeLabel((await params).id).replace(/[-+_]+/g, ' ');
  return <SearchResults query={query} params={await searchParams} />;
}
