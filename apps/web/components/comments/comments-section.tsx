'use client';

import { ReportButton } from '@/components/moderation/report-button';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type {
  CommentThread,
  CommentView,
} from '@cutroom/core/features/community/comments/comments.service';
import { Avatar } from '@/components/profile/avatar';
import { ProfileLink } from '@/components/profile/profile-link';
import { useMemberViewer } from '@/components/shell/member-parts';
import { callApi } from '@/lib/client/api';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { CommentBody } from './comment-body';

const API = '/api/v2/comments';
/** The text limit of the API (comments.schema.ts), shown as a counter near the end. */
export const COMMENT_MAX_LENGTH = 2000;

type Order = 'newest' | 'top';

interface ListAnswer {
  data: CommentThread[];
  count: number;
  index: number;
  hasMore: boolean;
  totalCount: number;
}

export interface CommentsSectionProps {
  videoId: string;
  durationSeconds: number | null;
  /** The first page as a visitor sees it, rendered with the page. */
  initial: ListAnswer;
  /** The page was rendered for a signed-in member. */
  signedIn: boolean;
  /** A live's chat (docs/live.md): its heading, and the first page read again each time this grows. */
  live?: { heading: string; changes: number };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Comments under a video: count, order, the form, the threads and "More comments". */
export function CommentsSection(props: CommentsSectionProps) {
  const member = useMemberViewer();
  const signedIn = props.signedIn || member !== null;
  const [order, setOrder] = useState<Order>('newest');
  const [threads, setThreads] = useState(props.initial.data);
  const [page, setPage] = useState({
    index: props.initial.index,
    hasMore: props.initial.hasMore,
    total: props.initial.totalCount,
  });
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const loadedFor = useRef<string>('visitor:newest');
  // A link to one comment (`#comment-{id}`, a reply's notification): shown marked, scrolled to.
  const [markedId, setMarkedId] = useState<string | null>(null);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    const match = /^#comment-([A-Za-z0-9_-]{1,40})$/.exec(window.location.hash);
    if (match) setMarkedId(match[1]!);
  }, []);
  useEffect(() => {
    if (!markedId || scrolledTo.current === markedId) return;
    const target = document.getElementById(`comment-${markedId}`);
    if (!target) return;
    scrolledTo.current = markedId;
    target.scrollIntoView({ block: 'center' });
  }, [markedId, threads]);

  const load = async (nextOrder: Order, index: number) => {
    setLoading(true);
    const result = await callApi(API, {
      mode: 'List',
      videoId: props.videoId,
      order: nextOrder,
      index,
    });
    setLoading(false);
    if (!result.ok) {
      setError(result.body.error ?? 'The comments could not be loaded. Please try again');
      return;
    }
    setError('');
    const answer = result.body;
    setThreads((current) => (index === 0 ? answer.data : [...current, ...answer.data]));
    setPage({ index: answer.index, hasMore: answer.hasMore, total: answer.totalCount });
  };

  // A member's own view (their held comments, their blocks, their edit and delete buttons)
  // replaces the visitor's page once the page knows who reads it.
  useEffect(() => {
    const key = `${signedIn ? 'member' : 'visitor'}:${order}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    void load(order, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, order]);

  // A live's chat changed (someone posted, staff deleted): the first page again, as this viewer
  // sees it.
  const changes = props.live?.changes ?? 0;
  useEffect(() => {
    if (changes > 0) void load(order, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changes]);

  const replaceComment = (updated: CommentView) =>
    setThreads((current) =>
      current.map((thread) =>
        thread.id === updated.id
          ? { ...thread, ...updated, replyCount: thread.replyCount }
          : {
              ...thread,
              replies: thread.replies.map((r) => (r.id === updated.id ? updated : r)),
            },
      ),
    );

  const removeComment = (removed: CommentView) => {
    setThreads((current) => {
      const top = current.find((thread) => thread.id === removed.id);
      if (top) {
        setPage((p) => ({ ...p, total: Math.max(0, p.total - 1 - top.replyCount) }));
        return current.filter((thread) => thread.id !== removed.id);
      }
      setPage((p) => ({ ...p, total: Math.max(0, p.total - 1) }));
      return current.map((thread) =>
        thread.id === removed.parentId
          ? {
              ...thread,
              replyCount: Math.max(0, thread.replyCount - 1),
              replies: thread.replies.filter((r) => r.id !== removed.id),
            }
          : thread,
      );
    });
  };

  const addReply = (reply: CommentView) => {
    setThreads((current) =>
      current.map((thread) =>
        thread.id === reply.parentId
          ? { ...thread, replyCount: thread.replyCount + 1, replies: [...thread.replies, reply] }
          : thread,
      ),
    );
    setPage((p) => ({ ...p, total: p.total + 1 }));
  };

  const context: ThreadContext = {
    videoId: props.videoId,
    durationSeconds: props.durationSeconds,
    hasTimes: !props.live,
    signedIn,
    replaceComment,
    removeComment,
    addReply,
    markedId,
  };

  return (
    <section
      aria-labelledby="comments-heading"
      className={props.live ? '' : 'mt-8'}
      data-testid="comments"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-white">
          {props.live?.heading ?? 'Comments'}{' '}
          <span data-testid="comment-count">({page.total})</span>
        </h2>
        <div role="group" aria-label="Order of comments" className="flex gap-1 text-sm">
          {(['newest', 'top'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={order === choice}
              onClick={() => setOrder(choice)}
              className={`rounded-full px-3 py-1 ${
                order === choice
                  ? 'bg-accent font-semibold text-black'
                  : 'bg-white/10 text-neutral-200 hover:bg-white/20'
              }`}
            >
              {choice === 'newest' ? 'Newest' : 'Top'}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-3">
        {signedIn ? (
          <CommentForm
            label="Add a comment"
            submitLabel="Comment"
            onSubmit={async (text) => {
              const result = await callApi(API, {
                mode: 'Create',
                videoId: props.videoId,
                text,
              });
              if (!result.ok) return result.body.error ?? 'Your comment could not be posted';
              setThreads((current) => [{ ...result.body, replies: [] }, ...current]);
              setPage((p) => ({ ...p, total: p.total + 1 }));
              return null;
            }}
          />
        ) : (
          <p className="rounded-lg bg-surface-raised p-4 text-sm text-neutral-300">
            <SignInLink /> to join the conversation.
          </p>
        )}
      </div>

      {error && (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {error}
        </p>
      )}

      {threads.length === 0 && !loading ? (
        <p className="mt-4 text-sm text-neutral-400">No comments yet.</p>
      ) : (
        <ol className="mt-4 space-y-5" aria-label="Comments">
          {threads.map((thread) => (
            <Thread key={thread.id} thread={thread} context={context} />
          ))}
        </ol>
      )}
      {page.hasMore && (
        <button
          type="button"
          disabled={loading}
          onClick={() => void load(order, page.index + 1)}
          className="mt-4 rounded-full bg-white/10 px-4 py-2 text-sm hover:bg-white/20 disabled:opacity-60"
        >
          {loading ? 'Loading…' : 'More comments'}
        </button>
      )}
    </section>
  );
}

function SignInLink() {
  const [next, setNext] = useState('');
  useEffect(() => setNext(window.location.pathname), []);
  return (
    <IntentLink
      href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}
      className="font-semibold text-accent underline"
    >
      Sign in to comment
    </IntentLink>
  );
}

interface ThreadContext {
  videoId: string;
  durationSeconds: number | null;
  /** Times in the text seek the player (not in a live's chat). */
  hasTimes: boolean;
  signedIn: boolean;
  replaceComment: (comment: CommentView) => void;
  removeComment: (comment: CommentView) => void;
  addReply: (comment: CommentView) => void;
  /** The comment the address points at (`#comment-{id}`), drawn marked. */
  markedId: string | null;
}

function Thread({ thread, context }: { thread: CommentThread; context: ThreadContext }) {
  const [replying, setReplying] = useState(false);
  const [more, setMore] = useState<{ index: number; hasMore: boolean; loading: boolean }>({
    index: 0,
    hasMore: thread.replyCount > thread.replies.length,
    loading: false,
  });
  const [extra, setExtra] = useState<CommentView[]>([]);
  const shown = [
    ...thread.replies,
    ...extra.filter((r) => !thread.replies.some((s) => s.id === r.id)),
  ];
  const hasMore = more.hasMore && thread.replyCount > shown.length;

  const loadMore = async () => {
    setMore((m) => ({ ...m, loading: true }));
    const result = await callApi(API, {
      mode: 'Replies',
      commentId: thread.id,
      index: more.index + 1,
    });
    if (!result.ok) {
      setMore((m) => ({ ...m, loading: false }));
      return;
    }
    setExtra((current) => [...current, ...result.body.data]);
    setMore({ index: result.body.index, hasMore: result.body.hasMore, loading: false });
  };

  return (
    <li data-testid="comment-thread">
      <CommentItem
        comment={thread}
        context={context}
        onReply={context.signedIn ? () => setReplying(true) : undefined}
      />
      {(shown.length > 0 || replying) && (
        <div className="ml-6 mt-3 space-y-3 border-l border-white/10 pl-4 sm:ml-12">
          {shown.length > 0 && (
            <ol className="space-y-3" aria-label={`Replies to ${thread.author.username}`}>
              {shown.map((reply) => (
                <li key={reply.id}>
                  <CommentItem
                    comment={reply}
                    context={context}
                    onReply={context.signedIn ? () => setReplying(true) : undefined}
                  />
                </li>
              ))}
            </ol>
          )}
          {hasMore && (
            <button
              type="button"
              disabled={more.loading}
              onClick={() => void loadMore()}
              className="text-sm font-semibold text-accent hover:underline disabled:opacity-60"
            >
              {more.loading ? 'Loading…' : `More replies (${thread.replyCount - shown.length})`}
            </button>
          )}
          {replying && (
            <CommentForm
              label={`Reply to ${thread.author.username}`}
              submitLabel="Reply"
              autoFocus
              onCancel={() => setReplying(false)}
              onSubmit={async (text) => {
                const result = await callApi(API, {
                  mode: 'Create',
                  videoId: context.videoId,
                  parentId: thread.id,
                  text,
                });
                if (!result.ok) return result.body.error ?? 'Your reply could not be posted';
                context.addReply(result.body);
                setReplying(false);
                return null;
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

function CommentItem({
  comment,
  context,
  onReply,
}: {
  comment: CommentView;
  context: ThreadContext;
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');

  const remove = async () => {
    const result = await callApi(API, { mode: 'Delete', commentId: comment.id });
    if (!result.ok) {
      setError(result.body.error ?? 'The comment could not be deleted');
      setConfirming(false);
      return;
    }
    context.removeComment(comment);
  };

  if (comment.isFromBlocked) {
    // Kept for the viewer's own replies under it; what the blocked member wrote stays hidden.
    return (
      <article
        className="flex gap-3"
        data-testid="comment"
        data-comment-id={comment.id}
        data-from-blocked="true"
      >
        <div className="min-w-0 flex-1">
          <p className="text-sm italic text-neutral-400">A comment by a member you blocked</p>
        </div>
      </article>
    );
  }

  return (
    <article
      id={`comment-${comment.id}`}
      className={`flex scroll-mt-24 gap-3 ${
        context.markedId === comment.id ? 'rounded-lg bg-accent/10 ring-2 ring-accent' : ''
      }`}
      data-testid="comment"
      data-comment-id={comment.id}
      data-marked={context.markedId === comment.id ? 'true' : undefined}
    >
      <ProfileLink username={comment.author.username} aria-hidden="true" tabIndex={-1}>
        <Avatar username={comment.author.username} image={comment.author.image} size={36} />
      </ProfileLink>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-neutral-400">
          <ProfileLink
            username={comment.author.username}
            className="text-sm font-semibold text-white hover:underline"
          >
            {comment.author.username}
          </ProfileLink>
          <RelativeTime date={comment.createdAt} />
          {comment.editedAt && (
            <span data-testid="comment-edited" title={new Date(comment.editedAt).toUTCString()}>
              (edited)
            </span>
          )}
          {comment.isHeld && (
            <span
              data-testid="comment-held"
              className="rounded bg-accent/20 px-1.5 py-0.5 text-orange-100"
            >
              Awaiting approval: only you can see this comment for now
            </span>
          )}
        </p>
        {editing ? (
          <div className="mt-2">
            <CommentForm
              label="Edit your comment"
              submitLabel="Save"
              initialText={comment.text}
              autoFocus
              onCancel={() => setEditing(false)}
              onSubmit={async (text) => {
                const result = await callApi(API, {
                  mode: 'Edit',
                  commentId: comment.id,
                  text,
                });
                if (!result.ok) return result.body.error ?? 'The comment could not be saved';
                context.replaceComment(result.body);
                setEditing(false);
                return null;
              }}
            />
          </div>
        ) : (
          <div className="mt-1">
            <CommentBody
              text={comment.text}
              durationSeconds={context.durationSeconds}
              hasTimes={context.hasTimes}
            />
          </div>
        )}
        {!editing && (
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
            {onReply && !comment.isHeld && (
              <button
                type="button"
                onClick={onReply}
                className="font-semibold text-neutral-300 hover:text-white"
              >
                Reply
              </button>
            )}
            {!comment.canEdit && !comment.isHeld && (
              <ReportButton
                key={comment.isReportedByMe ? 'reported' : 'not-reported'}
                targetKind="comment"
                targetId={comment.id}
                targetName={`${comment.author.username}'s comment`}
                signedIn={context.signedIn || undefined}
                initiallyReported={comment.isReportedByMe}
                className="font-semibold text-neutral-300 hover:text-white disabled:opacity-60"
              />
            )}
            {comment.canEdit && (
              <button
                type="button"
                onClick={() => setEditing(true)}
                className="font-semibold text-neutral-300 hover:text-white"
              >
                Edit
              </button>
            )}
            {comment.canDelete &&
              (confirming ? (
                <span className="flex items-center gap-3">
                  <span className="text-neutral-300">
                    {comment.parentId || comment.replyCount === 0
                      ? 'Delete this comment?'
                      : 'Delete this comment and its replies?'}
                  </span>
                  <button
                    type="button"
                    onClick={() => void remove()}
                    className="font-semibold text-red-400 hover:underline"
                  >
                    Yes, delete
                  </button>
                  <button
                    type="button"
                    onClick={() => setConfirming(false)}
                    className="font-semibold text-neutral-300 hover:text-white"
                  >
                    Cancel
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => setConfirming(true)}
                  className="font-semibold text-neutral-300 hover:text-white"
                >
                  Delete
                </button>
              ))}
          </div>
        )}
        {error && (
          <p role="alert" className="mt-1 text-xs text-red-400">
            {error}
          </p>
        )}
      </div>
    </article>
  );
}

function CommentForm({
  label,
  submitLabel,
  initialText = '',
  autoFocus,
  onCancel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  initialText?: string;
  autoFocus?: boolean;
  onCancel?: () => void;
  /** Answers an error message to show, or null when done. */
  onSubmit: (text: string) => Promise<string | null>;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const left = COMMENT_MAX_LENGTH - text.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write something first: a comment cannot be empty');
      return;
    }
    setBusy(true);
    const problem = await onSubmit(text);
    setBusy(false);
    setError(problem ?? '');
    if (!problem && !initialText) setText('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2" noValidate>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={label}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full resize-y rounded-lg border border-white/15 bg-surface-raised px-3 py-2 text-sm text-white placeholder:text-neutral-400 focus:border-accent focus:outline-none"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-black hover:bg-orange-400 disabled:opacity-60"
        >
          {busy ? 'Sending…' : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full px-3 py-1.5 text-sm text-neutral-300 hover:text-white"
          >
            Cancel
          </button>
        )}
        {left < 200 && (
          <span className="text-xs text-neutral-400" aria-live="polite">
            {plural(left, 'character', 'characters')} left
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
