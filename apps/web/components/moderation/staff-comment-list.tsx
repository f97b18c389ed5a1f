import type { StaffCommentRow } from '@cutroom/core/features/community/comments/comments.service';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { videoHref } from '@/components/video/card-video';

/** Comments for staff: the text (never as HTML), its author and video, and what staff may do. */
export function StaffCommentList({ rows }: { rows: StaffCommentRow[] }) {
  return (
    <ul className="space-y-3" data-testid="staff-comments">
      {rows.map((row) => (
        <li
          key={row.id}
          className="rounded-lg border border-white/10 p-3"
          data-testid="staff-comment"
        >
          <p className="whitespace-pre-line break-words text-sm">{row.text}</p>
          <p className="mt-1 text-xs text-neutral-400">
            <IntentLink
              href={`/moderation/users?member=${encodeURIComponent(row.author.username)}`}
              className="underline"
            >
              {row.author.username}
            </IntentLink>{' '}
            (joined <RelativeTime date={row.author.accountCreatedAt} />) on{' '}
            <IntentLink href={videoHref(row.video)} className="underline">
              {row.video.title}
            </IntentLink>{' '}
            · <RelativeTime date={row.createdAt} />
            {row.parentId ? ' · a reply' : ''}
            {row.editedAt ? ' · edited' : ''}
          </p>
          {row.status === 'held' && !row.deletedAt && (
            <p className="mt-1 text-xs text-orange-200" data-testid="comment-held-reason">
              {row.heldReason === 'watched_word'
                ? `Waits because it uses a watched word: ${row.heldDetail ?? 'a list that holds'}`
                : row.heldReason === 'new_account'
                  ? 'Waits because its author’s account is new'
                  : 'Waits for approval (held before reasons were kept)'}
            </p>
          )}
          {row.deletedAt ? (
            <p className="mt-1 text-xs text-red-300">
              Deleted by {row.deletedBy ?? 'someone'} <RelativeTime date={row.deletedAt} />
              {row.deleteReason ? `: ${row.deleteReason}` : ''}
            </p>
          ) : (
            <div className="mt-2 flex flex-wrap gap-2">
              {row.status === 'held' && (
                <StaffActionButton
                  mode="ApproveComment"
                  payload={{ commentId: row.id }}
                  label="Approve"
                  tone="good"
                  testId="comment-approve"
                />
              )}
              <StaffActionButton
                mode="DeleteComment"
                payload={{ commentId: row.id }}
                label="Delete"
                tone="danger"
                reason="optional"
                testId="comment-delete"
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
