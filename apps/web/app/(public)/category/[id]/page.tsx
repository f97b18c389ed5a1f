import { notFound } from 'next/navigation';
import { CATEGORIES, type Category } from '@cutroom/core/platform/db/schema';
import { SimpleListing } from '@/components/browse/simple-listing';
import type { SearchParamsPromise } from '@/components/browse/listing-data';
import { CATEGORY_NAMES } from '@/lib/server/site';

export const dynamic = 'force-dynamic';

const isCategory = (id: string): id is Category => (CATEGORIES as readonly string[]).includes(id);

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return { title: isCategory(id) ? CATEGORY_NAMES[id] : 'Category' };
}

/** One category's videos, newest first, 18 a page. */
export default async function CategoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParamsPromise;
}) {
  const { id } = await params;
  if (!isCategory(id)) notFound();
  const { page } = await searchParams;
  return (
    <SimpleListing
      title={CATEGORY_NAMES[id]}
      filters={{ category: id }}
      basePath={`/category/${id}`}
      pageParam={page}
      empty={{
        title: `No ${CATEGORY_NAMES[id]} videos yet`,
        action: { href: '/upload', label: 'Upload one' },
      }}
    />
  );
}
