import { decodeLabel, LabelListing } from '@/components/browse/label-listing';
import type { SearchParamsPromise } from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return { title: `Music: ${decodeLabel((await params).id)}` };
}

export default async function MusicPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParamsPromise;
}) {
  const { id } = await params;
  const { page } = await searchParams;
  return <LabelListing kind="music" id={id} pageParam={page} />;
}
