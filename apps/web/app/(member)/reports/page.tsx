import type { Metadata } from 'next';
import { listMyReports } from '@cutroom/core/features/moderation/reports/reports.service';
import type { ReportState } from '@cutroom/core/platform/db/schema';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'My reports' };

const STATE_TEXT: Record<ReportState, { label: string; note: string; className: string }> = {
  open: {
    label: 'Waiting for staff',
    note: 'Staff have not looked at it yet.',
    className: 'bg-white/10 text-neutral-100',
  },
  approved: {
    label: 'Reviewed: left up',
    note: 'Staff looked and found nothing against the rules.',
    className: 'bg-sky-900/60 text-sky-100',
  },
  actioned: {
    label: 'Reviewed: acted on',
    note: 'Staff took action (unpublished, removed or disabled).',
    className: 'bg-green-900/60 text-green-100',
  },
};

const KIND_TEXT = { video: 'Video', comment: 'Comment', member: 'Member' } as const;

/** The signed-in member's reports and where each stands, newest first. */
export default async function MyReportsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const query = await searchParams;
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  const index = pageIndexFrom(query.page);
  const page = await listMyReports({ db, actor: viewer }, index);

  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="my-reports-page">
      <h1 className="text-2xl font-bold">My reports</h1>
      <p className="text-sm text-neutral-300">
        What you reported, and what staff did about it. Report a video or a member from its page.
      </p>
      {page.data.length > 0 ? (
        <ul className="divide-y divide-white/10 rounded-lg border border-white/10">
          {page.data.map((report) => {
            const state = STATE_TEXT[report.state];
            const href =
              report.targetKind === 'member'
                ? `/profile/${encodeURIComponent(report.targetLabel)}`
                : report.videoId && report.state !== 'actioned'
                  ? `/video/${report.videoId}`
                  : null;
            return (
              <li
                key={report.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between"
                data-testid="my-report"
              >
                <div className="min-w-0">
                  <p className="text-xs uppercase tracking-wide text-neutral-400">
                    {KIND_TEXT[report.targetKind]}
                  </p>
                  <p className="break-words font-semibold">
                    {href ? (
                      <IntentLink href={href} className="hover:underline">
                        {report.targetLabel || report.targetId}
                      </IntentLink>
                    ) : (
                      report.targetLabel || report.targetId
                    )}
                  </p>
                  <p className="text-sm text-neutral-300">
                    {report.reasonLabel}
                    {report.details && (
                      <span className="text-neutral-400"> — {report.details}</span>
                    )}
                  </p>
                  <p className="text-xs text-neutral-400">
                    Reported <RelativeTime date={report.createdAt} />
                    {report.resolvedAt && (
                      <>
                        {' '}
                        · reviewed <RelativeTime date={report.resolvedAt} />
                      </>
                    )}
                  </p>
                </div>
                <div className="shrink-0 sm:text-right">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.className}`}
                    data-testid="my-report-state"
                  >
                    {state.label}
                  </span>
                  <p className="mt-1 text-xs text-neutral-400">{state.note}</p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : index > 0 ? (
        <EmptyState title="No more reports here">This page is past the end of the list.</EmptyState>
      ) : (
        <EmptyState title="You have not reported anything">
          If a video, a comment or a member breaks the rules, press Report beside it. Your reports
          and their outcome show here.
        </EmptyState>
      )}
      <Pagination
        basePath="/reports"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
