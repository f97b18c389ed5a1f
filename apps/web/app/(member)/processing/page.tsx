import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { listProcessingVideos } from '@cutroom/core/videos/video-processing.service';
import { ProcessingList } from '@/components/processing/processing-list';
import { getRuntime } from '@/lib/runtime';
import { getViewer } from '@/lib/session';

export const metadata: Metadata = { title: 'Processing' };

export default async function ProcessingPage({
  searchParams,
}: {
  searchParams: Promise<{ uploaded?: string }>;
}) {
  const viewer = await getViewer(await headers());
  if (!viewer) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-bold">Processing</h1>
        <p className="mt-3 text-neutral-300">Sign in to follow your uploads.</p>
        <Link
          href="/login?next=/processing"
          className="mt-6 inline-block rounded-full bg-accent px-5 py-2 font-semibold text-black"
        >
          Sign in
        </Link>
      </section>
    );
  }
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
          status: video.status === 'failed' ? 'failed' : 'processing',
          progress: video.progress,
          failureReason: video.failureReason,
        }))}
      />
    </section>
  );
}
