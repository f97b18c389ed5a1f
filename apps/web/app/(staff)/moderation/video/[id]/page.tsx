import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadModerationVideo } from '@cutroom/core/features/moderation/staff/moderation.service';
import { listingContext } from '@/components/browse/listing-data';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { StaffLogTable } from '@/components/moderation/staff-log-table';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { WatchPlayer } from '@/components/video/watch-player';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';
import { videoHref } from '@/components/video/card-video';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Video moderation' };

const STATUS_TEXT = {
  processing: 'Processing',
  published: 'Published',
  unpublished_user: 'Unpublished by its owner',
  unpublished_admin: 'Unpublished by staff',
  failed: 'Processing failed',
  hidden: 'Unlisted, private or scheduled',
  held: 'Held as a re-upload',
} as const;

/** One video for staff: its state and reports, what staff did to it, and what they can do. */
export default async function ModerationVideoPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageViewer('moderate');
  const { id } = await params;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) notFound();
  const { db } = await listingContext();
  const found = await loadModerationVideo(db, id);
  if (!found) notFound();
  const { video, reports, log, isHiddenWithOwner } = found;
  const { storage } = await getRuntime();
  const canUnpublish =
    video.status === 'published' ||
    video.status === 'hidden' ||
    video.status === 'unpublished_user';
  return (
    <div
      className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
      data-testid="moderation-video"
    >
      <div className="min-w-0 space-y-3">
        {video.masterPlaylistKey && video.posterKey ? (
          <WatchPlayer
            videoId={video._id}
            title={video.title}
            masterPlaylistUrl={storage.publicUrl(video.masterPlaylistKey)}
            posterUrl={storage.publicUrl(video.posterKey)}
            spritesVttUrl={null}
            countsViews={false}
            durationSeconds={video.durationSeconds}
          />
        ) : (
          <div className="flex aspect-video items-center justify-center rounded-xl bg-surface-overlay text-neutral-400">
            This video has no playable media.
          </div>
        )}
        <h1 className="break-words text-xl font-bold">{video.title}</h1>
        <p className="text-sm text-neutral-300">
          <span
            className="rounded-full bg-white/10 px-2 py-0.5 font-semibold"
            data-testid="video-state"
          >
            {isHiddenWithOwner ? 'Hidden while its owner is disabled' : STATUS_TEXT[video.status]}
          </span>{' '}
          {video.isReported && (
            <span className="rounded-full bg-red-900/60 px-2 py-0.5 font-semibold text-red-100">
              Reported
            </span>
          )}{' '}
          by{' '}
          <IntentLink
            href={`/moderation/users?member=${encodeURIComponent(video.uploader)}`}
            className="underline"
          >
            {video.uploader}
          </IntentLink>{' '}
          · uploaded <RelativeTime date={video.createdAt} />
          {video.status === 'published' && (
            <>
              {' '}
              ·{' '}
              <IntentLink
                href={videoHref({ slug: video.slug, id: video._id })}
                className="underline"
              >
                public page
              </IntentLink>
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {video.isReported && (
            <StaffActionButton
              mode="ApproveVideo"
              payload={{ _id: video._id }}
              label="Approve (keep)"
              tone="good"
            />
          )}
          {canUnpublish && (
            <StaffActionButton
              mode="UnpublishVideoAdmin"
              payload={{ _id: video._id }}
              label="Unpublish"
              reason="required"
              testId="video-unpublish"
            />
          )}
          {isHiddenWithOwner && (
            <p className="w-full text-sm text-neutral-300" data-testid="hidden-with-owner">
              Its owner&apos;s account is disabled, so their videos are off the site; they come back
              when the account is enabled.{' '}
              <IntentLink
                href={`/moderation/users?member=${encodeURIComponent(video.uploader)}`}
                className="underline"
              >
                Enable {video.uploader}
              </IntentLink>
            </p>
          )}
          {video.status === 'unpublished_admin' && !isHiddenWithOwner && (
            <StaffActionButton
              mode="AdminPublish"
              payload={{ _id: video._id }}
              label="Publish again"
              tone="good"
            />
          )}
          <StaffActionButton
            mode={video.status === 'unpublished_admin' ? 'AdminDelete' : 'DeleteReportVideo'}
            payload={{ _id: video._id }}
            label="Delete"
            tone="danger"
            reason="optional"
          />
        </div>
      </div>
      <div className="min-w-0 space-y-4">
        <section aria-labelledby="open-reports" className="space-y-2">
          <h2 id="open-reports" className="text-lg font-semibold">
            Open reports ({reports.length})
          </h2>
          {reports.length === 0 ? (
            <p className="text-sm text-neutral-400">No open reports.</p>
          ) : (
            <ol className="space-y-2">
              {reports.map((report) => (
                <li key={report.id} className="rounded-lg bg-surface-raised p-3 text-sm">
                  <p className="font-semibold">{report.reasonLabel}</p>
                  {report.details && (
                    <p className="break-words text-neutral-200">{report.details}</p>
                  )}
                  <p className="text-xs text-neutral-400">
                    {report.reporter} · <RelativeTime date={report.createdAt} />
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="video-log" className="space-y-2">
          <h2 id="video-log" className="text-lg font-semibold">
            Staff log of this video
          </h2>
          <StaffLogTable entries={log} />
        </section>
      </div>
    </div>
  );
}
