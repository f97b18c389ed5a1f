import Link from 'next/link';
import { listNewestVideos } from '@cutroom/core/browse/browse.service';
import { VideoCard } from '@/components/video/video-card';
import { getRuntime } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

/** Dashboard page size (spec §9). */
const PAGE_SIZE = 24;

export default async function HomePage() {
  const { database } = await getRuntime();
  const videos = await listNewestVideos(database.db, { limit: PAGE_SIZE });
  return (
    <section aria-labelledby="newest-heading">
      <h1 id="newest-heading" className="mb-4 text-xl font-bold">
        Newest videos
      </h1>
      {videos.length === 0 ? (
        <div className="rounded-lg border border-dashed border-white/15 px-6 py-16 text-center">
          <p className="text-lg font-semibold">No videos yet</p>
          <p className="mt-2 text-neutral-400">Be the first to share one.</p>
          <Link
            href="/upload"
            className="mt-6 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
          >
            Upload a video
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-x-4 gap-y-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {videos.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </div>
      )}
    </section>
  );
}
