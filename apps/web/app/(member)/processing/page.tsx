import type { Metadata } from 'next';
import { listProcessingVideos } from '@cutroom/core/features/videos/processing/video-processing.service';
import { ProcessingList } from '@/components/processing/processing-list';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';

export const metadata: Metadata = { title: 'Processing' };

export default async function ProcessingPage({
  searchParams,
}: {
  searchParams: Promise<{ uploaded?: string }>;
}) {
  const viewer = await requirePageViewer('upload');
  const { database } = await getRuntime();
  const videos = await listProcessingVideos({ db: database.db }, viewer.id);
  const { uploaded } = await searchParams;
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-1 text-2xl font-bold">Processing</h1>
      <p className="mb-5 text-sm text-neutral-400">
        Your uploads are prepared in every quality; this page follows them live.
      </p>
      <ProcessingList
        highlight={uploaded}
        initial={videos.map((video) => ({
          id: video.id,
          slug: video.slug,
          title: video.title,
          status:
            video.status === 'failed' || video.status === 'held' ? video.status : 'processing',
          progress: video.progress,
          failureReason: video.failureReason,
          // A first quality recorded (recordPlayableVideo) while the others are made.
          playableQuality:
            video.status === 'processing' && video.masterPlaylistKey ? video.topQuality : null,
        }))}
      />
    </section>
  );
}
