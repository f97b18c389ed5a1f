import { SimpleListing } from '@/components/browse/simple-listing';
import type { SearchParamsPromise } from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Browse' };

/** Every published video, newest first. */
export default async function BrowsePage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const { page } = await searchParams;
  return (
    <SimpleListing
      title="Browse"
      description="Every video, newest first."
      filters={{}}
      basePath="/browse"
      pageParam={page}
      empty={{
        title: 'No videos yet',
        body: 'Be the first to share one.',
        action: { href: '/upload', label: 'Upload a video' },
      }}
    />
  );
}
