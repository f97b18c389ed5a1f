import type { Metadata } from 'next';
import { listHeldComments } from '@cutroom/core/features/community/comments/comments.service';
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
export const metadata: Metadata = { title: 'Held comments' };

/** Comments held for approval (from new accounts), oldest first: approve or delete. */
export default async function HeldCommentsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const page = await listHeldComments({ db, actor: viewer }, { index });
  return (
    <div className="space-y-4" data-testid="moderation-comments">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Held comments</h1>
        <IntentLink
          href="/moderation/comment-moderation"
          className="text-sm text-accent hover:underline"
        >
          All comments
        </IntentLink>
      </div>
      <p className="text-sm text-neutral-300">
        Comments from new accounts wait here until staff approve them; only their author sees them
        meanwhile.
      </p>
      {page.data.length === 0 ? (
        <EmptyState title="No held comments">
          {index > 0 ? 'This page is past the end of the list.' : 'Nothing waits for approval.'}
        </EmptyState>
      ) : (
        <StaffCommentList rows={page.data} />
      )}
      <Pagination
        basePath="/moderation/comments"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
