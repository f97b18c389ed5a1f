import type { Metadata } from 'next';
import { listCommentsForStaff } from '@cutroom/core/features/community/comments/comments.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { StaffCommentList } from '@/components/moderation/staff-comment-list';
import { IntentLink } from '@/components/ui/intent-link';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Comment moderation' };

const TABS = [
  { status: 'held', label: 'Held' },
  { status: 'published', label: 'Published' },
  { status: 'deleted', label: 'Deleted' },
] as const;
type Status = (typeof TABS)[number]['status'];

/**
 * Every comment by state: held ones to approve, published ones to delete, deleted ones with why.
 * It opens on the held tab while comments wait there (with their count), else on Published.
 */
export default async function CommentModerationPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  // Without a chosen tab it opens where the work is: on the held comments while any wait.
  const held = await listCommentsForStaff({ db, actor: viewer }, { status: 'held', index: 0 });
  const status: Status = TABS.some((tab) => tab.status === query.status)
    ? (query.status as Status)
    : held.count > 0
      ? 'held'
      : 'published';
  const page = await listCommentsForStaff({ db, actor: viewer }, { status, index });
  return (
    <div className="space-y-4" data-testid="moderation-comment-moderation">
      <h1 className="text-2xl font-bold">Comment moderation</h1>
      <nav aria-label="Comment states">
        <ul className="flex gap-1 border-b border-white/10">
          {TABS.map((tab) => (
            <li key={tab.status}>
              <IntentLink
                href={`/moderation/comment-moderation?status=${tab.status}`}
                aria-current={tab.status === status ? 'page' : undefined}
                className={`block border-b-2 px-3 py-2 text-sm ${
                  tab.status === status
                    ? 'border-accent font-semibold text-white'
                    : 'border-transparent text-neutral-400 hover:text-white'
                }`}
              >
                {tab.label}
                {tab.status === 'held' && held.count > 0 ? ` (${held.count})` : ''}
              </IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      {page.data.length === 0 ? (
        <EmptyState title={`No ${status} comments`}>
          {index > 0 ? 'This page is past the end of the list.' : 'Nothing to show here yet.'}
        </EmptyState>
      ) : (
        <StaffCommentList rows={page.data} />
      )}
      <Pagination
        basePath="/moderation/comment-moderation"
        params={new URLSearchParams({ status })}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
