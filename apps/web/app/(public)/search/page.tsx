import { SearchResults } from '@/components/browse/search-results';
import type { SearchParamsPromise } from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ searchParams }: { searchParams: SearchParamsPromise }) {
  const { q } = await searchParams;
  return {
    title: typeof q === 'string' && q.trim() ? `Search: ${q.trim().slice(0, 60)}` : 'Search',
  };
}

/** /search?q=words: what the top bar's search box submits. */
export default async function SearchPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const params = await searchParams;
  const query = typeof params.q === 'string' ? params.q.trim().slice(0, 200) : '';
  return <SearchResults query={query} params={params} />;
}
