import type { Metadata } from 'next';
import {
  listReportedItems,
  listReportedVideos,
} from '@cutroom/core/features/moderation/staff/moderation.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { ReportQueue, type QueueItem } from '@/components/moderation/report-queue';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Reports' };

const KINDS = [
  { kind: 'video', label: 'Videos', href: '/moderation/reports' },
  { kind: 'comment', label: 'Comments', href: '/moderation/reports?kind=comment' },
  { kind: 'member', label: 'Members', href: '/moderation/reports?kind=member' },
] as const;

/** The report queues: videos (played beside their reports, keyboard-driven), comments, members. */
export default async function ReportsPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  await requirePageViewer('moderate');
  const query = await searchParams;
  const kind = query.kind === 'comment' || query.kind === 'member' ? query.kind : 'video';
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();

  return (
    <div className="space-y-4" data-testid="moderation-reports">
      <h1 className="text-2xl font-bold">Reports</h1>
      <nav aria-label="Report kinds">
        <ul className="flex gap-1 border-b border-white/10">
          {KINDS.map((tab) => (
            <li key={tab.kind}>
              <IntentLink
                href={tab.href}
                aria-current={tab.kind === kind ? 'page' : undefined}
                className={`block border-b-2 px-3 py-2 text-sm ${
                  tab.kind === kind
                    ? 'border-accent font-semibold text-white'
                    : 'border-transparent text-neutral-400 hover:text-white'
                }`}
              >
                {tab.label}
              </IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      {kind === 'video' ? (
        <VideoReports index={index} db={db} />
      ) : (
        <ItemReports kind={kind} index={index} db={db} />
      )}
    </div>
  );
}

type Db = Awaited<ReturnType<typeof listingContext>>['db'];

async function VideoReports({ index, db }: { index: number; db: Db }) {
  const { storage } = await getRuntime();
  const page = await listReportedVideos(db, index);
  const items: QueueItem[] = page.data.map((video) => ({
    _id: video._id,
    slug: video.slug,
    title: video.title,
    uploader: video.uploader,
    status: video.status,
    durationSeconds: video.durationSeconds,
    media:
      video.masterPlaylistKey && video.posterKey
        ? {
            masterPlaylistUrl: storage.publicUrl(video.masterPlaylistKey),
            posterUrl: storage.publicUrl(video.posterKey),
          }
        : null,
    reports: video.reports,
  }));
  return (
    <>
      <ReportQueue key={index} initial={items} count={page.count} />
      <Pagination
        basePath="/moderation/reports"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </>
  );
}

async function ItemReports({
  kind,
  index,
  db,
}: {
  kind: 'comment' | 'member';
  index: number;
  db: Db;
}) {
  const page = await listReportedItems(db, kind, index);
  if (page.data.length === 0) {
    return (
      <EmptyState title={kind === 'comment' ? 'No reported comments' : 'No reported members'}>
        When members report {kind === 'comment' ? 'a comment' : 'a member'}, it waits here.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="space-y-3">
        {page.data.map((item) => (
          <li
            key={item.targetId}
            className="rounded-lg border border-white/10 p-3"
            data-testid="reported-item"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-semibold">
                  {kind === 'member' ? (
                    <a
                      href={`/moderation/users?member=${encodeURIComponent(item.targetLabel)}`}
                      className="hover:underline"
                    >
                      {item.targetLabel}
                    </a>
                  ) : (
                    <>“{item.targetLabel}”</>
                  )}
                </p>
                {item.author && (
                  <p className="text-sm text-neutral-300">
                    by{' '}
                    <a
                      href={`/moderation/users?member=${encodeURIComponent(item.author)}`}
                      className="hover:underline"
                      data-testid="reported-comment-author"
                    >
                      {item.author}
                    </a>
                  </p>
                )}
                {item.videoId && (
                  <a
                    href={`/video/${item.videoId}`}
                    className="text-sm text-accent hover:underline"
                  >
                    On this video
                  </a>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <StaffActionButton
                  mode="ResolveReports"
                  payload={{ targetKind: kind, targetId: item.targetId, outcome: 'approved' }}
                  label="Nothing wrong"
                  tone="good"
                />
                <StaffActionButton
                  mode="ResolveReports"
                  payload={{ targetKind: kind, targetId: item.targetId, outcome: 'actioned' }}
                  label="Dealt with"
                />
                {kind === 'comment' && item.isLive && (
                  <StaffActionButton
                    mode="DeleteComment"
                    payload={{ commentId: item.targetId }}
                    label="Delete"
                    tone="danger"
                    reason="optional"
                  />
                )}
              </div>
            </div>
            <ol className="mt-2 space-y-1 text-sm">
              {item.reports.map((report) => (
                <li key={report.id}>
                  <span className="font-semibold">{report.reasonLabel}</span>
                  {report.details && (
                    <span className="break-words text-neutral-300"> — {report.details}</span>
                  )}
                  <span className="text-neutral-400">
                    {' '}
                    · {report.reporter} · <RelativeTime date={report.createdAt} />
                  </span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      <Pagination
        basePath="/moderation/reports"
        params={new URLSearchParams({ kind })}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </>
  );
}
