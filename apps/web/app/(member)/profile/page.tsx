import { redirect } from 'next/navigation';
import type { SearchParamsPromise } from '@/components/browse/listing-data';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Your profile' };

/** Your own profile lives at /profile/{username}; this sends you there, tab and page kept. */
export default async function OwnProfilePage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    if (typeof value === 'string' && (key === 'tab' || key === 'page')) query.set(key, value);
  }
  const text = query.toString();
  redirect(`/profile/${encodeURIComponent(viewer.username)}${text ? `?${text}` : ''}`);
}
