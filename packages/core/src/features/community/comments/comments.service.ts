import { screenText, type WatchedWordVerdict } from '../../moderation/watched-words';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { can, requireMemberRight, requireRight } from '../../../access/rights';
import { consumeRequestLimit, type RequestLimit } from '../../../access/request-limit';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError, isServiceError } from '../../../kernel/errors/service-error';
import type { Config } from '../../../platform/config/config';
import type { Database } from '../../../platform/db/client';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  comments,
  liveStreams,
  reports,
  users,
  videos,
  type CommentHeldReason,
  type CommentStatus,
} from '../../../platform/db/schema';
import type { Logger } from '../../../platform/logging/logger';
import { isBlocking, notBlockedBy } from '../../../access/people-rules';
import { pageOf, type ListPage, type PersonSummary } from '../../people/social';
import { newVideoId } from '../../../kernel/public-id';
import type {
  CommentOrder,
  CreateCommentInput,
  EditCommentInput,
  StaffCommentFilter,
} from './comments.schema';
import {
  inTransaction,
  unitOf,
  type UnitOfWork,
  type WorkBase,
} from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** Top-level comments a page ("More comments"). */
export const COMMENT_PAGE_SIZE = 20;
/** Replies a page under a comment ("More replies"); the first page comes with the comment. */
export const REPLY_PAGE_SIZE = 10;
/** Comments a page in the moderation area. */
export const STAFF_COMMENT_PAGE_SIZE = 20;

export const COMMENT_MESSAGES = {
  videoMissing: "This video doesn't exist",
  commentMissing: "This comment doesn't exist",
  onlyAuthorEdits: 'Only the author of a comment can edit it',
  notAllowedToDelete:
    "Only the comment's author, the video's uploader or a moderator can delete this comment",
  notHeld: 'This comment is not waiting for approval',
  signInToComment: 'Please sign in to comment',
  /** Past the per-member limit: says how many and for how long, in words. */
  tooFast: (limit: RequestLimit) =>
    `You are commenting too fast: at most ${limit.max} comments in ${describeSeconds(limit.windowSeconds)}. Please wait a little and try again.`,
} as const;

function describeSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}
const plural = (n: number, unit: string) => (n === 1 ? `1 ${unit}` : `${n} ${unit}s`);

/** The settings of config.ts the comment rules read. */
export interface CommentSettings {
  /** Comments one member may post in the window. */
  rateLimit: RequestLimit;
  /** Accounts younger than this many hours have their comments held; 0: off. */
  holdNewAccountHours: number;
}

export function commentSettingsOf(
  config: Pick<
    Config,
    'COMMENT_RATE_LIMIT_MAX' | 'COMMENT_RATE_LIMIT_WINDOW' | 'COMMENT_HOLD_NEW_ACCOUNT_HOURS'
  >,
): CommentSettings {
  return {
    rateLimit: {
      max: config.COMMENT_RATE_LIMIT_MAX,
      windowSeconds: config.COMMENT_RATE_LIMIT_WINDOW,
    },
    holdNewAccountHours: config.COMMENT_HOLD_NEW_ACCOUNT_HOURS,
  };
}

/** A comment as the video page shows it to one viewer. */
export interface CommentView {
  id: string;
  videoId: string;
  /** The top-level comment a reply answers; null for a top-level comment. */
  parentId: string | null;
  /** Plain text: the page renders it as text, with links and timestamps made into elements. */
  text: string;
  author: PersonSummary;
  createdAt: string;
  /** When the author last changed the text (the "edited" marker); null when never. */
  editedAt: string | null;
  /** Waiting for a moderator: only its author sees it. */
  isHeld: boolean;
  /**
   * A top-level comment by a member the viewer blocked, kept because the viewer replied under
   * it: its text and author are left out (empty), its replies show.
   */
  isFromBlocked: boolean;
  /** The viewer reported it already (its Report button says "Reported", after a reload too). */
  isReportedByMe: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Visible replies (top-level comments; 0 for replies). */
  replyCount: number;
}

/** A top-level comment with the first page of its replies, oldest first. */
export interface CommentThread extends CommentView {
  replies: CommentView[];
}

export interface CommentsPage extends ListPage<CommentThread> {
  videoId: string;
  order: CommentOrder;
  /** Every comment the viewer sees under the video, replies included (the page's count). */
  totalCount: number;
}

// ---------------------------------------------------------------------------------------
// The reply hook: what other features (notifications) plug into.

/**
 * A reply became visible to everyone: on creation, or when staff approved it. Not sent when
 * the parent's author blocked the reply's writer (the reply is hidden from them).
 */
export interface CommentReplyEvent {
  /** The database, for listeners: they run once the reply's work has committed. */
  db: Database;
  replyId: string;
  videoId: string;
  /** The top-level comment answered, and its author (who would be told). */
  parentId: string;
  parentAuthorId: string;
  replyAuthorId: string;
  replyAuthorUsername: string;
  text: string;
  at: Date;
}

export type CommentReplyListener = (event: CommentReplyEvent) => void | Promise<void>;

// Kept on the process, not the module: server.ts registers listeners on its copy of this module,
// while the API routes run in Next.js's bundle, which has a copy of its own.
const REPLY_LISTENERS = Symbol.for('cutroom.comments.replyListeners');
const processGlobals = globalThis as { [REPLY_LISTENERS]?: Set<CommentReplyListener> };
const replyListeners = (processGlobals[REPLY_LISTENERS] ??= new Set<CommentReplyListener>());

/**
 * Listeners of comment events. `commentEvents.on('reply', listener)` runs `listener` once a
 * reply stored (published) or approved has committed; it answers a function that removes the
 * listener. A listener's failure is logged and does not undo the reply.
 */
export const commentEvents = {
  on(event: 'reply', listener: CommentReplyListener): () => void {
    if (event !== 'reply') throw new Error(`Unknown comment event: ${String(event)}`);
    replyListeners.add(listener);
    return () => replyListeners.delete(listener);
  },
};

/**
 * Tells every reply listener about a reply once the unit's work commits (docs/decisions/0037);
 * a listener's failure is logged, never thrown.
 */
async function onCommentReply(
  unit: UnitOfWork,
  event: Omit<CommentReplyEvent, 'db'>,
  log?: Logger,
): Promise<void> {
  await unit.afterCommit('comment reply listeners', async (db) => {
    for (const listener of replyListeners) {
      try {
        await listener({ ...event, db });
      } catch (error) {
        log?.error({ err: error, replyId: event.replyId }, 'a comment reply listener failed');
      }
    }
  });
}

// ---------------------------------------------------------------------------------------
// Reading.

const author = alias(users, 'comment_author');
const reply = alias(comments, 'reply');
const replyAuthor = alias(users, 'reply_author');
const parent = alias(comments, 'parent');
const parentAuthor = alias(users, 'parent_author');

type CommentTable = Record<'deletedAt' | 'status' | 'authorId', PgColumn>;
type ThreadTable = CommentTable & Record<'id', PgColumn>;
type UserTable = Record<'banned', PgColumn>;

/**
 * What a viewer sees: not deleted, by a member whose account is not disabled and whom the
 * viewer has not blocked, and published, or held but the viewer's own.
 */
function visibleTo(viewerId: string | null, c: CommentTable, u: UserTable): SQL {
  return and(
    isNull(c.deletedAt),
    eq(u.banned, false),
    viewerId ? or(eq(c.status, 'published'), eq(c.authorId, viewerId)) : eq(c.status, 'published'),
    notBlockedBy(viewerId, c.authorId),
  )!;
}

/**
 * A top-level comment the viewer sees as a thread: one visible to them, or one by a member they
 * blocked under which they replied (blocking someone does not hide one's own replies; the
 * comment itself shows without its text, `isFromBlocked`).
 */
function threadVisibleTo(viewerId: string | null, c: ThreadTable, u: UserTable): SQL {
  const answered = viewerId
    ? sql`exists (select 1 from ${comments} own_reply where own_reply.parent_id = ${c.id} and own_reply.author_id = ${viewerId} and own_reply.deleted_at is null)`
    : sql`false`;
  return and(
    isNull(c.deletedAt),
    eq(u.banned, false),
    viewerId ? or(eq(c.status, 'published'), eq(c.authorId, viewerId)) : eq(c.status, 'published'),
    or(notBlockedBy(viewerId, c.authorId), answered),
  )!;
}

/** Whether the viewer blocked the author of the comment in `c` (a kept thread's head). */
const fromBlocked = (viewerId: string | null) =>
  sql<boolean>`not (${notBlockedBy(viewerId, comments.authorId)})`;

interface Viewer {
  id: string | null;
  isStaff: boolean;
}

const viewerOf = (actor: Actor | null): Viewer => ({
  id: actor?.id ?? null,
  isStaff: can(actor, 'moderate'),
});

const commentColumns = {
  id: comments.id,
  videoId: comments.videoId,
  parentId: comments.parentId,
  body: comments.body,
  status: comments.status,
  authorId: comments.authorId,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  username: author.username,
  image: author.image,
  isSupporter: author.isSupporter,
};

interface CommentRow {
  id: string;
  videoId: string;
  parentId: string | null;
  body: string;
  status: CommentStatus;
  authorId: string;
  createdAt: Date | string;
  editedAt: Date | string | null;
  username: string;
  image: string | null;
  isSupporter: boolean;
  /** By a member the viewer blocked (a kept thread's head); absent: no. */
  fromBlocked?: boolean;
  /** Reported by the viewer; absent: no. */
  reportedByMe?: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(
  row: CommentRow,
  viewer: Viewer,
  videoOwnerId: string,
  replyCount = 0,
): CommentView {
  const isMine = viewer.id !== null && viewer.id === row.authorId;
  const isFromBlocked = Boolean(row.fromBlocked);
  return {
    id: row.id,
    videoId: row.videoId,
    parentId: row.parentId,
    text: isFromBlocked ? '' : row.body,
    author: isFromBlocked
      ? { username: '', image: null, isSupporter: false }
      : { username: row.username, image: row.image, isSupporter: row.isSupporter },
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    isHeld: row.status === 'held',
    isFromBlocked,
    isReportedByMe: Boolean(row.reportedByMe),
    canEdit: isMine,
    canDelete: isMine || viewer.isStaff || (viewer.id !== null && viewer.id === videoOwnerId),
    replyCount,
  };
}

/**
 * A published video's id and uploader, or a public live's waiting page's (a scheduled live,
 * `hidden` until its stream arrives: its chat opens before it, docs/live.md); anything else
 * answers 404 (no comments to show).
 */
async function findPublicVideo(db: Database, videoId: string) {
  const isWaitingPage = and(
    eq(videos.status, 'hidden'),
    eq(videos.visibility, 'public'),
    exists(
      db
        .select({ one: sql`1` })
        .from(liveStreams)
        .where(and(eq(liveStreams.videoId, videos.id), eq(liveStreams.state, 'scheduled'))),
    ),
  );
  const [video] = await db
    .select({ id: videos.id, ownerId: videos.ownerId })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(
      and(
        eq(videos.id, videoId),
        or(eq(videos.status, 'published'), isWaitingPage),
        eq(users.banned, false),
      ),
    )
    .limit(1);
  if (!video) throw new ServiceError('not_found', COMMENT_MESSAGES.videoMissing);
  return video;
}

/** How many comments (replies included) a viewer sees under a video. */
export async function countVideoComments(
  db: Database,
  videoId: string,
  viewerId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .innerJoin(author, eq(author.id, comments.authorId))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.authorId))
    .where(
      and(
        eq(comments.videoId, videoId),
        visibleTo(viewerId, comments, author),
        or(isNull(comments.parentId), threadVisibleTo(viewerId, parent, parentAuthor)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Visible replies of the top-level comment in the outer query. */
const replyCountOf = (db: Database, viewerId: string | null) =>
  sql<number>`(${db
    .select({ n: sql`count(*)::int` })
    .from(reply)
    .innerJoin(replyAuthor, eq(replyAuthor.id, reply.authorId))
    .where(and(eq(reply.parentId, comments.id), visibleTo(viewerId, reply, replyAuthor)))})`;

/** Which of these comments the viewer reported (one read for a page of comments). */
async function reportedByViewer(
  db: Database,
  viewerId: string | null,
  commentIds: string[],
): Promise<Set<string>> {
  if (!viewerId || commentIds.length === 0) return new Set();
  const rows = await db
    .select({ targetId: reports.targetId })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, viewerId),
        eq(reports.targetKind, 'comment'),
        inArray(reports.targetId, commentIds),
      ),
    );
  return new Set(rows.map((row) => row.targetId));
}

/** The first replies of several top-level comments, oldest first, REPLY_PAGE_SIZE each. */
async function firstRepliesOf(
  db: Database,
  parentIds: string[],
  viewer: Viewer,
): Promise<Map<string, CommentRow[]>> {
  const byParent = new Map<string, CommentRow[]>();
  if (parentIds.length === 0) return byParent;
  const ranked = db
    .select({
      ...commentColumns,
      rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as(
        'rank',
      ),
    })
    .from(comments)
    .innerJoin(author, eq(author.id, comments.authorId))
    .where(and(inArray(comments.parentId, parentIds), visibleTo(viewer.id, comments, author)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, REPLY_PAGE_SIZE))
    .orderBy(asc(ranked.createdAt), asc(ranked.id));
  for (const row of rows) {
    const list = byParent.get(row.parentId!) ?? [];
    list.push(row);
    byParent.set(row.parentId!, list);
  }
  return byParent;
}

/**
 * One page of a published video's top-level comments for a viewer (anyone may read), each
 * with its first replies. `newest` orders by time; `top` by how many replies a comment drew
 * (then newest first): the conversation a comment started is what lifts it.
 */
export async function listComments(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  input: { videoId: string; order?: CommentOrder; index?: number; pageSize?: number },
): Promise<CommentsPage> {
  const viewer = viewerOf(actor);
  const order = input.order ?? 'newest';
  const index = input.index ?? 0;
  const pageSize = input.pageSize ?? COMMENT_PAGE_SIZE;
  const where = and(
    eq(comments.videoId, input.videoId),
    isNull(comments.parentId),
    threadVisibleTo(viewer.id, comments, author),
  );
  const replyCount = replyCountOf(db, viewer.id);
  const ordering =
    order === 'top'
      ? [desc(replyCount), desc(comments.createdAt), desc(comments.id)]
      : [desc(comments.createdAt), desc(comments.id)];
  // The video's check goes beside the reads (one wait for the database, not two); a video that
  // is not public fails the whole as before.
  const [video, rows, [topLevel], totalCount] = await Promise.all([
    findPublicVideo(db, input.videoId),
    db
      .select({ ...commentColumns, replyCount, fromBlocked: fromBlocked(viewer.id) })
      .from(comments)
      .innerJoin(author, eq(author.id, comments.authorId))
      .where(where)
      .orderBy(...ordering)
      .limit(pageSize)
      .offset(index * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .innerJoin(author, eq(author.id, comments.authorId))
      .where(where),
    countVideoComments(db, input.videoId, viewer.id),
  ]);
  const replies = await firstRepliesOf(
    db,
    rows.filter((row) => Number(row.replyCount) > 0).map((row) => row.id),
    viewer,
  );
  const reported = await reportedByViewer(db, viewer.id, [
    ...rows.map((row) => row.id),
    ...[...replies.values()].flat().map((row) => row.id),
  ]);
  const mark = <T extends CommentRow>(row: T) => ({ ...row, reportedByMe: reported.has(row.id) });
  const threads = rows.map((row) => ({
    ...toView(mark(row), viewer, video.ownerId, Number(row.replyCount)),
    replies: (replies.get(row.id) ?? []).map((r) => toView(mark(r), viewer, video.ownerId)),
  }));
  return {
    ...pageOf(threads, Number(topLevel?.n ?? 0), index, pageSize),
    videoId: video.id,
    order,
    totalCount,
  };
}

/** A comment the viewer can see, on a published video; 404 otherwise. */
async function findVisibleComment(db: Database, viewer: Viewer, commentId: string) {
  const [row] = await db
    .select({ ...commentColumns, fromBlocked: fromBlocked(viewer.id) })
    .from(comments)
    .innerJoin(author, eq(author.id, comments.authorId))
    // A reply has no replies: for it this is the plain rule.
    .where(and(eq(comments.id, commentId), threadVisibleTo(viewer.id, comments, author)))
    .limit(1);
  if (!row) throw new ServiceError('not_found', COMMENT_MESSAGES.commentMissing);
  try {
    return { row, video: await findPublicVideo(db, row.videoId) };
  } catch (error) {
    if (isServiceError(error)) {
      throw new ServiceError('not_found', COMMENT_MESSAGES.commentMissing);
    }
    throw error;
  }
}

/** One page of a top-level comment's replies, oldest first ("More replies"). */
export async function listReplies(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  input: { commentId: string; index?: number; pageSize?: number },
): Promise<ListPage<CommentView> & { commentId: string }> {
  const viewer = viewerOf(actor);
  const { row: top, video } = await findVisibleComment(db, viewer, input.commentId);
  if (top.parentId) throw new ServiceError('not_found', COMMENT_MESSAGES.commentMissing);
  const index = input.index ?? 0;
  const pageSize = input.pageSize ?? REPLY_PAGE_SIZE;
  const where = and(eq(comments.parentId, top.id), visibleTo(viewer.id, comments, author));
  const [rows, [total]] = await Promise.all([
    db
      .select(commentColumns)
      .from(comments)
      .innerJoin(author, eq(author.id, comments.authorId))
      .where(where)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(pageSize)
      .offset(index * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .innerJoin(author, eq(author.id, comments.authorId))
      .where(where),
  ]);
  const reported = await reportedByViewer(
    db,
    viewer.id,
    rows.map((row) => row.id),
  );
  const data = rows.map((row) =>
    toView({ ...row, reportedByMe: reported.has(row.id) }, viewer, video.ownerId),
  );
  return { ...pageOf(data, Number(total?.n ?? 0), index, pageSize), commentId: top.id };
}

// ---------------------------------------------------------------------------------------
// Writing.

/**
 * Whether what this account writes now waits for staff: an account younger than
 * `holdNewAccountHours` (0: never), unless it is staff's.
 */
function isHeldWriter(
  account: { createdAt: Date } | undefined,
  viewer: Viewer,
  holdNewAccountHours: number,
  now: Date,
): boolean {
  return (
    !viewer.isStaff &&
    holdNewAccountHours > 0 &&
    account !== undefined &&
    now.getTime() - account.createdAt.getTime() < holdNewAccountHours * 3600_000
  );
}

/**
 * Why a comment is held, as staff read it in the held queue (docs/comments.md): a watched word
 * of a holding list first, else a new account; null when nothing holds it.
 */
function heldWhy(
  watched: WatchedWordVerdict | null,
  isNewAccount: boolean,
): { heldReason: CommentHeldReason; heldDetail: string | null } | null {
  if (watched) {
    const list = watched.byOwner ? `the uploader’s list “${watched.list}”` : `“${watched.list}”`;
    return {
      heldReason: 'watched_word',
      heldDetail: watched.word ? `“${watched.word}” (list ${list})` : `list ${list}`,
    };
  }
  return isNewAccount ? { heldReason: 'new_account', heldDetail: null } : null;
}

/**
 * Posts a comment, or a reply (a reply to a reply answers its top-level comment). Members
 * with the participate right only, at most `settings.rateLimit` comments in its window; a
 * new account's comment (younger than `settings.holdNewAccountHours`) is held for staff,
 * visible only to its author until approved.
 */
export async function createComment(
  work: (WorkBase | UnitOfWork) & Pick<Call, 'actor' | 'now'> & Partial<Pick<Call, 'log'>>,
  input: CreateCommentInput,
  options: { settings: CommentSettings },
): Promise<CommentView> {
  const { actor } = work;
  const unit = unitOf(work);
  const { db } = unit;
  const me = requireMemberRight(actor, 'participate', {
    signIn: COMMENT_MESSAGES.signInToComment,
  });
  const now = work.now();
  const viewer = viewerOf(me);
  const video = await findPublicVideo(db, input.videoId);
  let parentRow: CommentRow | null = null;
  if (input.parentId) {
    const found = await findVisibleComment(db, viewer, input.parentId);
    if (found.row.videoId !== video.id) {
      throw new ServiceError('not_found', COMMENT_MESSAGES.commentMissing);
    }
    parentRow = found.row;
    if (parentRow.parentId) {
      const top = await findVisibleComment(db, viewer, parentRow.parentId);
      parentRow = top.row;
    }
  }
  const { rateLimit, holdNewAccountHours } = options.settings;
  // The site's watched words, and the uploader's own for comments under their videos
  // (docs/moderation.md): a refusing list refuses it, a holding one holds it for staff. Screened
  // before the rate limit is counted: a refused comment was never posted and costs no turn.
  const watched = viewer.isStaff
    ? null
    : await screenText(db, 'text', [input.text], { ownerId: video.ownerId });
  try {
    await consumeRequestLimit({ ...unit, now: () => now }, `comments:create:${me.id}`, rateLimit);
  } catch (error) {
    if (isServiceError(error) && error.kind === 'rate_limited') {
      throw new ServiceError('rate_limited', COMMENT_MESSAGES.tooFast(rateLimit));
    }
    throw error;
  }
  const [account] = await db
    .select({ createdAt: users.createdAt, image: users.image })
    .from(users)
    .where(eq(users.id, me.id))
    .limit(1);
  const held = heldWhy(watched, isHeldWriter(account, viewer, holdNewAccountHours, now));
  const status: CommentStatus = held ? 'held' : 'published';
  const [stored] = await db
    .insert(comments)
    .values({
      id: newVideoId(),
      videoId: video.id,
      authorId: me.id,
      parentId: parentRow?.id ?? null,
      body: input.text,
      status,
      heldReason: held?.heldReason ?? null,
      heldDetail: held?.heldDetail ?? null,
      createdAt: now,
    })
    .returning();
  const view = toView(
    {
      ...stored!,
      username: me.username,
      image: account?.image ?? null,
      isSupporter: me.isSupporter,
    },
    viewer,
    video.ownerId,
  );
  // A reply hidden from the parent's author (they blocked its writer) tells them nothing.
  if (status === 'published' && parentRow && !(await isBlocking(db, parentRow.authorId, me.id))) {
    await onCommentReply(
      unit,
      {
        replyId: stored!.id,
        videoId: video.id,
        parentId: parentRow.id,
        parentAuthorId: parentRow.authorId,
        replyAuthorId: me.id,
        replyAuthorUsername: me.username,
        text: stored!.body,
        at: now,
      },
      work.log,
    );
  }
  return view;
}

/**
 * Changes the text of one's own comment; the comment shows "edited" from then on. A comment
 * approved while its account was new goes back to the held queue when it is edited within the
 * hold window: staff approved the text they read, not the new one.
 */
export async function editComment(
  { db, actor, now: clock }: Pick<Call, 'db' | 'actor' | 'now'>,
  input: EditCommentInput,
  options: { settings: CommentSettings },
): Promise<CommentView> {
  const now = clock();
  const me = requireMemberRight(actor, 'participate');
  const viewer = viewerOf(me);
  const { row, video } = await findVisibleComment(db, viewer, input.commentId);
  if (row.authorId !== me.id) throw new ServiceError('forbidden', COMMENT_MESSAGES.onlyAuthorEdits);
  if (row.body === input.text) return toView(row, viewer, video.ownerId);
  const [account] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, me.id))
    .limit(1);
  const watched = viewer.isStaff
    ? null
    : await screenText(db, 'text', [input.text], { ownerId: video.ownerId });
  const held = heldWhy(
    watched,
    isHeldWriter(account, viewer, options.settings.holdNewAccountHours, now),
  );
  const status: CommentStatus = held ? 'held' : row.status;
  const [updated] = await db
    .update(comments)
    // Held by this edit: why is the new text's; kept as it was otherwise.
    .set({ body: input.text, editedAt: now, status, ...(held ?? {}) })
    .where(and(eq(comments.id, row.id), isNull(comments.deletedAt)))
    .returning({ body: comments.body, editedAt: comments.editedAt, status: comments.status });
  if (!updated) throw new ServiceError('not_found', COMMENT_MESSAGES.commentMissing);
  return toView({ ...row, ...updated }, viewer, video.ownerId);
}

/**
 * Deletes a comment: its author, the uploader of the video it is under, or staff (the
 * moderate right) may; staff may give a reason, kept for the moderation area. A top-level
 * comment takes its replies with it. Staff may delete on any video, published or not.
 */
export async function deleteComment(
  work: (WorkBase | UnitOfWork) & Pick<Call, 'actor'> & Pick<Call, 'now'>,
  input: { commentId: string; reason?: string },
): Promise<{ id: string; deleted: true }> {
  const { actor } = work;
  const now = work.now();
  const { db } = unitOf(work);
  const me = requireMemberRight(actor, 'participate');
  const isStaff = can(me, 'moderate');
  const [row] = await db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      status: comments.status,
      videoOwnerId: videos.ownerId,
      authorBanned: author.banned,
    })
    .from(comments)
    .innerJoin(videos, eq(videos.id, comments.videoId))
    .innerJoin(author, eq(author.id, comments.authorId))
    .where(and(eq(comments.id, input.commentId), isNull(comments.deletedAt)))
    .limit(1);
  const isMine = row?.authorId === me.id;
  // To anyone but staff, a comment they cannot see does not exist.
  if (!row || (!isStaff && !isMine && (row.status === 'held' || row.authorBanned))) {
    throw new ServiceError('not_found', COMMENT_MESSAGES.commentMissing);
  }
  if (!isMine && !isStaff && row.videoOwnerId !== me.id) {
    throw new ServiceError('forbidden', COMMENT_MESSAGES.notAllowedToDelete);
  }
  const removal = {
    deletedAt: now,
    deletedById: me.id,
    deleteReason: input.reason || null,
  };
  await inTransaction(work, async ({ db: tx }) => {
    await tx.update(comments).set(removal).where(eq(comments.id, row.id));
    await tx
      .update(comments)
      .set(removal)
      .where(and(eq(comments.parentId, row.id), isNull(comments.deletedAt)));
  });
  return { id: row.id, deleted: true };
}

// ---------------------------------------------------------------------------------------
// The moderation area (staff: the moderate right).

/** A comment as the moderation area lists it. */
export interface StaffCommentRow {
  id: string;
  text: string;
  status: CommentStatus;
  parentId: string | null;
  createdAt: string;
  editedAt: string | null;
  video: { id: string; title: string; slug: string };
  author: PersonSummary & { accountCreatedAt: string };
  deletedAt: string | null;
  deleteReason: string | null;
  deletedBy: string | null;
  /** Why it waits (held ones): a watched word or a new account; null when not recorded. */
  heldReason: CommentHeldReason | null;
  /** For a watched word: the word and its list. */
  heldDetail: string | null;
}

const deleter = alias(users, 'comment_deleter');

/**
 * Comments for the moderation area: `held` (waiting for approval, oldest first), `published`
 * (newest first) or `deleted` (most recently deleted first, with who and why).
 */
export async function listCommentsForStaff(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  input: {
    status?: StaffCommentFilter;
    /** Held ones only: those held for this reason. */
    reason?: CommentHeldReason;
    index?: number;
    pageSize?: number;
  } = {},
): Promise<ListPage<StaffCommentRow> & { status: StaffCommentFilter }> {
  requireRight(actor, 'moderate');
  const status = input.status ?? 'held';
  const index = input.index ?? 0;
  const pageSize = input.pageSize ?? STAFF_COMMENT_PAGE_SIZE;
  const where =
    status === 'deleted'
      ? isNotNull(comments.deletedAt)
      : and(
          isNull(comments.deletedAt),
          eq(comments.status, status),
          status === 'held' && input.reason ? eq(comments.heldReason, input.reason) : undefined,
        );
  const ordering =
    status === 'held'
      ? [asc(comments.createdAt), asc(comments.id)]
      : status === 'deleted'
        ? [desc(comments.deletedAt), desc(comments.id)]
        : [desc(comments.createdAt), desc(comments.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: comments.id,
        body: comments.body,
        status: comments.status,
        parentId: comments.parentId,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        deletedAt: comments.deletedAt,
        deleteReason: comments.deleteReason,
        heldReason: comments.heldReason,
        heldDetail: comments.heldDetail,
        videoId: videos.id,
        videoTitle: videos.title,
        videoSlug: videos.slug,
        username: author.username,
        image: author.image,
        isSupporter: author.isSupporter,
        accountCreatedAt: author.createdAt,
        deletedBy: deleter.username,
      })
      .from(comments)
      .innerJoin(videos, eq(videos.id, comments.videoId))
      .innerJoin(author, eq(author.id, comments.authorId))
      .leftJoin(deleter, eq(deleter.id, comments.deletedById))
      .where(where)
      .orderBy(...ordering)
      .limit(pageSize)
      .offset(index * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(where),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    text: row.body,
    status: row.status,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    video: { id: row.videoId, title: row.videoTitle, slug: row.videoSlug },
    author: {
      username: row.username,
      image: row.image,
      isSupporter: row.isSupporter,
      accountCreatedAt: row.accountCreatedAt.toISOString(),
    },
    deletedAt: row.deletedAt?.toISOString() ?? null,
    deleteReason: row.deleteReason,
    deletedBy: row.deletedBy,
    heldReason: row.status === 'held' ? row.heldReason : null,
    heldDetail: row.status === 'held' ? row.heldDetail : null,
  }));
  return { ...pageOf(data, Number(total?.n ?? 0), index, pageSize), status };
}

/** The comments waiting for approval, oldest first (staff only). */
export function listHeldComments(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  input: { index?: number; pageSize?: number; reason?: CommentHeldReason } = {},
) {
  return listCommentsForStaff({ db, actor }, { ...input, status: 'held' });
}

/** Staff approve a held comment: everyone sees it from now on. */
export async function approveComment(
  work: (WorkBase | UnitOfWork) & Pick<Call, 'actor' | 'now'> & Partial<Pick<Call, 'log'>>,
  commentId: string,
): Promise<{ id: string; status: 'published' }> {
  const { actor } = work;
  const unit = unitOf(work);
  const { db } = unit;
  const staff = requireRight(actor, 'moderate')!;
  const now = work.now();
  // A comment approved before and held again by an edit told the parent's author already.
  const [before] = await db
    .select({ approvedAt: comments.approvedAt })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  const [approved] = await db
    .update(comments)
    .set({ status: 'published', approvedAt: now, approvedById: staff.id })
    .where(and(eq(comments.id, commentId), eq(comments.status, 'held'), isNull(comments.deletedAt)))
    .returning();
  if (!approved) throw new ServiceError('not_found', COMMENT_MESSAGES.notHeld);
  if (approved.parentId && !before?.approvedAt) {
    const [top] = await db
      .select({ authorId: comments.authorId })
      .from(comments)
      .where(and(eq(comments.id, approved.parentId), isNull(comments.deletedAt)))
      .limit(1);
    const [writer] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, approved.authorId))
      .limit(1);
    if (top && writer && !(await isBlocking(db, top.authorId, approved.authorId))) {
      await onCommentReply(
        unit,
        {
          replyId: approved.id,
          videoId: approved.videoId,
          parentId: approved.parentId,
          parentAuthorId: top.authorId,
          replyAuthorId: approved.authorId,
          replyAuthorUsername: writer.username,
          text: approved.body,
          at: now,
        },
        work.log,
      );
    }
  }
  return { id: approved.id, status: 'published' };
}
