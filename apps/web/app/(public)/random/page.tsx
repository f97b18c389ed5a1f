import { redirect } from 'next/navigation';
import { pickRandomVideo } from '@cutroom/core/features/discovery/browse/listings.service';
import { EmptyState } from '@/components/video/video-grid';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Random video' };

/** Goes to one random published video's canonical page. */
export default async function RandomPage() {
  const { database } = await getRuntime();
  const video = await pickRandomVideo(database.db);
  if (video) redirect(`/video/${video.slug}_${video.id}`);
  return (
    <EmptyState title="No videos yet" action={{ href: '/upload', label: 'Upload a video' }}>
      There is nothing to pick from yet.
    </EmptyState>
  );
}
