import type { Metadata } from 'next';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { getUploaderStatistics } from '@cutroom/core/features/videos/statistics/statistics.service';
import { StatisticsView } from '@/components/statistics/statistics-view';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';

export const metadata: Metadata = { title: 'Statistics' };
export const dynamic = 'force-dynamic';

/** An uploader's views, watch time and likes a day and a video (docs/account.md). */
export default async function StatisticsPage({
  searchParams,
}: {
  searchParams: Promise<{ days?: string; video?: string }>;
}) {
  const viewer = await requirePageViewer('upload');
  const { database } = await getRuntime();
  const { days: rawDays, video } = await searchParams;
  const days = rawDays === '90' ? 90 : 28;
  const videoId = video && /^[A-Za-z0-9]{6,32}$/.test(video) ? video : undefined;
  let statistics;
  try {
    statistics = await getUploaderStatistics(
      { db: database.db, actor: viewer, now: () => new Date() },
      { days, videoId },
    );
  } catch (error) {
    if (!isServiceError(error)) throw error;
    statistics = null;
  }
  return (
    <section className="mx-auto max-w-4xl space-y-6" data-testid="statistics-page">
      <h1 className="text-2xl font-bold">Statistics</h1>
      {statistics ? (
        <StatisticsView statistics={statistics} />
      ) : (
        <p className="text-sm text-neutral-300">
          This video doesn&apos;t exist or isn&apos;t yours.{' '}
          <IntentLink href="/profile/statistics" className="text-accent underline">
            All your videos
          </IntentLink>
        </p>
      )}
    </section>
  );
}
