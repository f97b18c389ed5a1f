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

/** The filters of the held queue: every held comment, or those held for one reason. */
const REASONS = [
  { reason: undefined, label: 'All' },
  { reason: 'watched_word', label: 'Watched words' },
  { reason: 'new_account', label: 'New accounts' },
] as const;

/**
 * Comments held for approval, oldest first, each with why it waits (a watched word of a list
 * that holds, or a new account), filtered by reason: approve or delete.
 */
export default async function HeldCommentsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const reason = REASONS.find((item) => item.reason === query.reason)?.reason;
  const page = await listHeldComments({ db, actor: viewer }, { index, reason });
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
        Comments wait here until staff approve them: those using a word of a watched-word list that
        holds, and those from new accounts. Only their author sees them meanwhile.
      </p>
      <nav aria-label="Why they wait">
        <ul className="flex gap-1 border-b border-white/10">
          {REASONS.map((item) => (
            <li key={item.label}>
              <IntentLink
                href={
                  item.reason
                    ? `/moderation/comments?reason=${item.reason}`
                    : '/moderation/comments'
                }
                aria-current={item.reason === reason ? 'page' : undefined}
                className={`block border-b-2 px-3 py-2 text-sm ${
                  item.reason === reason
                    ? 'border-accent font-semibold text-white'
                    : 'border-transparent text-neutral-400 hover:text-white'
                }`}
              >
                {item.label}
              </IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      {page.data.length === 0 ? (
        <EmptyState title="No held comments">
          {index > 0
            ? 'This page is past the end of the list.'
            : reason
              ? 'Nothing held for this reason waits.'
              : 'Nothing waits for approval.'}
        </EmptyState>
      ) : (
        <StaffCommentList rows={page.data} />
      )}
      <Pagination
        basePath="/moderation/comments"
        params={reason ? new URLSearchParams({ reason }) : undefined}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
