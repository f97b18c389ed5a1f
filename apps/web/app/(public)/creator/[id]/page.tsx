import { decodeLabel, LabelListing } from '@/components/browse/label-listing';
import type { SearchParamsPromise } from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return { title: `Creator: ${decodeLabel((await params).id)}` };
}

export default async function CreatorPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParamsPromise;
}) {
  const { id } = await params;
  const { page } = await searchParams;
  return <LabelListing kind="creator" id={id} pageParam={page} />;
}
