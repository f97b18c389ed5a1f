import type { Metadata } from 'next';
import {
  listHeldReuploads,
  type HoldVideo,
  type ReuploadHold,
} from '@cutroom/core/features/moderation/reuploads/holds.service';
import { holdTitles } from '@/components/reuploads/hold-panel';
import { formatDuration } from '@/lib/format';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { MatchedStretches } from '@/components/reuploads/matched-stretches';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/video/video-grid';
import { WatchPlayer } from '@/components/video/watch-player';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Held re-uploads' };

type Storage = Awaited<ReturnType<typeof getRuntime>>['storage'];

/** The matched stretch with the original, where both players start; else the best one. */
const stretchOf = (hold: ReuploadHold) =>
  hold.matches.find((match) => match.videoId === hold.matched?.id) ?? hold.matches[0];

/** One of the two videos: its player (no view counted, at the matched stretch), title and uploader. */
function Side({
  label,
  video,
  storage,
  startAt,
}: {
  label: string;
  video: HoldVideo;
  storage: Storage;
  startAt: number | undefined;
}) {
  return (
    <div
      className="min-w-0 space-y-2"
      data-testid={`hold-side-${label === 'Held upload' ? 'held' : 'matched'}`}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-neutral-400">{label}</p>
      {video.masterPlaylistKey && video.posterKey ? (
        <WatchPlayer
          videoId={video.id}
          title={video.title}
          masterPlaylistUrl={storage.publicUrl(video.masterPlaylistKey)}
          posterUrl={storage.publicUrl(video.posterKey)}
          spritesVttUrl={null}
          countsViews={false}
          durationSeconds={video.durationSeconds}
          startAt={startAt}
        />
      ) : (
        <div className="flex aspect-video items-center justify-center rounded-xl bg-surface-overlay text-neutral-400">
          This video has no playable media.
        </div>
      )}
      <IntentLink
        href={`/moderation/video/${video.id}`}
        className="block break-words font-semibold hover:underline"
      >
        {video.title}
      </IntentLink>
      <p className="text-sm text-neutral-400">by {video.owner}</p>
      {startAt !== undefined && (
        <p className="text-xs text-neutral-400" data-testid="hold-side-start">
          Starts at the matched stretch, {formatDuration(startAt)}
        </p>
      )}
    </div>
  );
}

/**
 * The original and the copies of it staff let through before (docs/reuploads.md): a held upload
 * is compared with the earliest original, never with a copy published despite a match.
 */
function Lineage({ hold }: { hold: ReuploadHold }) {
  if (!hold.matched) return null;
  return (
    <div className="text-sm" data-testid="hold-lineage">
      <p className="font-semibold">Lineage</p>
      <ol className="ml-5 list-decimal space-y-0.5">
        <li>
          Original:{' '}
          <IntentLink href={`/moderation/video/${hold.matched.id}`} className="underline">
            {hold.matched.title}
          </IntentLink>{' '}
          by {hold.matched.owner}
        </li>
        {hold.lineage.map((copy) => (
          <li key={copy.video.id}>
            Published despite a match:{' '}
            <IntentLink href={`/moderation/video/${copy.video.id}`} className="underline">
              {copy.video.title}
            </IntentLink>{' '}
            by {copy.video.owner}; {copy.decidedBy ?? 'staff'} decided
            {copy.decidedAt ? (
              <>
                {' '}
                <RelativeTime date={copy.decidedAt} />
              </>
            ) : null}
            {copy.reason ? `: ${copy.reason}` : ' (no reason given)'}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Uploads held because they match another member's video (docs/reuploads.md), oldest first:
 * both videos side by side with the matched stretches and the uploader's dispute; publish or
 * refuse.
 */
export default async function HeldReuploadsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const { storage } = await getRuntime();
  const page = await listHeldReuploads({ db, actor: viewer }, index);
  return (
    <div className="space-y-4" data-testid="moderation-reuploads">
      <h1 className="text-2xl font-bold">Held re-uploads</h1>
      <p className="text-sm text-neutral-300">
        Uploads that match another member’s video wait here before publishing. Compare the matched
        stretches, read the uploader’s dispute, then publish or refuse; the uploader is told, with
        your reason.
      </p>
      {page.data.length === 0 ? (
        <EmptyState title="No held re-uploads">
          {index > 0 ? 'This page is past the end of the list.' : 'Nothing waits for a decision.'}
        </EmptyState>
      ) : (
        <ul className="space-y-6">
          {page.data.map((hold) => (
            <li
              key={hold.video.id}
              className="space-y-3 rounded-lg border border-white/10 p-3"
              data-testid="held-reupload"
            >
              <div className="grid gap-4 md:grid-cols-2">
                <Side
                  label="Held upload"
                  video={hold.video}
                  storage={storage}
                  startAt={stretchOf(hold)?.queryStart}
                />
                {hold.matched ? (
                  <Side
                    label="Original"
                    video={hold.matched}
                    storage={storage}
                    startAt={stretchOf(hold)?.matchStart}
                  />
                ) : (
                  <p className="text-sm text-neutral-400">The matched video has been removed.</p>
                )}
              </div>
              <MatchedStretches matches={hold.matches} titles={holdTitles(hold)} />
              <Lineage hold={hold} />
              <p className="text-xs text-neutral-400">
                Held <RelativeTime date={hold.createdAt} />
              </p>
              {hold.dispute ? (
                <p className="break-words text-sm" data-testid="hold-dispute">
                  The uploader disputes it: {hold.dispute}
                </p>
              ) : (
                <p className="text-sm text-neutral-400">No dispute from the uploader.</p>
              )}
              <div className="flex flex-wrap gap-2">
                <StaffActionButton
                  endpoint="/api/v2/reuploads"
                  mode="Release"
                  payload={{ _id: hold.video.id }}
                  label="Publish"
                  tone="good"
                  reason="optional"
                  testId="hold-release"
                />
                <StaffActionButton
                  endpoint="/api/v2/reuploads"
                  mode="Reject"
                  payload={{ _id: hold.video.id }}
                  label="Refuse"
                  tone="danger"
                  reason="optional"
                  testId="hold-reject"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        basePath="/moderation/reuploads"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={
          page.data.length === page.pageSize && (page.index + 1) * page.pageSize < page.count
        }
      />
    </div>
  );
}
