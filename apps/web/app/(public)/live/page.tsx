import type { Metadata } from 'next';
import { listLiveVideos } from '@cutroom/core/features/videos/live/live.service';
import { listingContext } from '@/components/browse/listing-data';
import { VideoGrid } from '@/components/video/video-grid';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Live now' };

/** The public lives on air (docs/live.md). */
export default async function LivePage() {
  const { db, cachedForAll, toCards } = await listingContext();
  const lives = toCards(await cachedForAll('live-now', () => listLiveVideos(db)));
  return (
    <section>
      <h1 className="mb-2 text-2xl font-bold">Live now</h1>
      <p className="mb-5 text-sm text-neutral-400">Members streaming at this moment.</p>
      {lives.length > 0 ? (
        <VideoGrid videos={lives} />
      ) : (
        <div
          className="rounded-xl bg-surface-overlay px-6 py-10 text-center"
          data-testid="empty-state"
        >
          <h2 className="text-lg font-semibold">Nobody is live right now</h2>
          <p className="mt-1 text-sm text-neutral-400">
            Lives show up here while they are on air. Members can go live from the Go live page.
          </p>
        </div>
      )}
    </section>
  );
}
