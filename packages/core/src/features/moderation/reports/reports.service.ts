import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { consumeRequestLimit, type RequestLimit } from '../../../access/request-limit';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  comments,
  reports,
  users,
  videos,
  type ReportState,
  type ReportTarget,
} from '../../../platform/db/schema';
import { newVideoId } from '../../../kernel/public-id';
import { REPORT_REASONS, type ReportInput, type ReportReason } from './reports.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** Per reporter, in the shared rate_limits table. */
export const REPORT_LIMIT: RequestLimit = { max: 20, windowSeconds: 10 * 60 };

/** Reports a page on /reports. */
export const MY_REPORTS_PAGE_SIZE = 20;

const NOUN: Record<ReportTarget, string> = {
  video: 'video',
  comment: 'comment',
  member: 'member',
};

export const REPORT_MESSAGES = {
  duplicate: (kind: ReportTarget) => `You have already reported this ${NOUN[kind]}`,
  missing: (kind: ReportTarget) =>
    kind === 'member' ? 'This member does not exist' : `This ${NOUN[kind]} doesn't exist`,
  own: (kind: ReportTarget) =>
    kind === 'member' ? 'You cannot report yourself' : `You cannot report your own ${NOUN[kind]}`,
  received: 'Thank you. Staff will look at your report',
} as const;

/** What a report is about, as the service found it. */
interface FoundTarget {
  /** The id stored (a member's id rather than their username). */
  id: string;
  ownerId: string;
  label: string;
  videoId: string | null;
}

async function findTarget(
  db: Database,
  kind: ReportTarget,
  targetId: string,
): Promise<FoundTarget | null> {
  if (kind === 'video') {
    const [video] = await db
      .select({ id: videos.id, ownerId: videos.ownerId, title: videos.title })
      .from(videos)
      // Hidden ones too: an unlisted video reached by its link can be reported.
      .where(and(eq(videos.id, targetId), inArray(videos.status, ['published', 'hidden'])))
      .limit(1);
    return video
      ? { id: video.id, ownerId: video.ownerId, label: video.title, videoId: video.id }
      : null;
  }
  if (kind === 'comment') {
    const [comment] = await db
      .select({
        id: comments.id,
        ownerId: comments.authorId,
        body: comments.body,
        videoId: comments.videoId,
      })
      .from(comments)
      .where(and(eq(comments.id, targetId), isNull(comments.deletedAt)))
      .limit(1);
    return comment
      ? {
          id: comment.id,
          ownerId: comment.ownerId,
          label: comment.body.slice(0, 120),
          videoId: comment.videoId,
        }
      : null;
  }
  const [member] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${targetId})`, eq(users.banned, false)))
    .limit(1);
  return member
    ? { id: member.id, ownerId: member.id, label: member.username, videoId: null }
    : null;
}

export interface CreatedReport {
  id: string;
  targetKind: ReportTarget;
  targetId: string;
  state: ReportState;
  message: string;
}

/**
 * A member reports a video, a comment or a member: one report a person an item (a second
 * answers 409). A reported video carries the reported marker for staff until they act.
 */
export async function createReport(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  input: ReportInput,
): Promise<CreatedReport> {
  const { db, actor: actorOrNull } = ctx;
  const now = ctx.now();
  const actor = requireMemberRight(actorOrNull, 'participate');
  const target = await findTarget(db, input.targetKind, input.targetId);
  if (!target) throw new ServiceError('not_found', REPORT_MESSAGES.missing(input.targetKind));
  if (target.ownerId === actor.id) {
    throw new ServiceError('conflict', REPORT_MESSAGES.own(input.targetKind));
  }
  const [existing] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, actor.id),
        eq(reports.targetKind, input.targetKind),
        eq(reports.targetId, target.id),
      ),
    )
    .limit(1);
  if (existing) throw new ServiceError('conflict', REPORT_MESSAGES.duplicate(input.targetKind));
  await consumeRequestLimit({ db, now: () => now }, `report|${actor.id}`, REPORT_LIMIT);
  const id = newVideoId();
  const stored = await inTransaction({ db }, async ({ db: tx }) => {
    const [row] = await tx
      .insert(reports)
      .values({
        id,
        reporterId: actor.id,
        targetKind: input.targetKind,
        targetId: target.id,
        videoId: target.videoId,
        targetLabel: target.label,
        reason: input.reason,
        details: input.details ?? '',
        createdAt: now,
      })
      // Two reports racing from one person: the unique index keeps one.
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!row) return false;
    if (input.targetKind === 'video') {
      await tx.update(videos).set({ isReported: true }).where(eq(videos.id, target.id));
    }
    return true;
  });
  if (!stored) throw new ServiceError('conflict', REPORT_MESSAGES.duplicate(input.targetKind));
  return {
    id,
    targetKind: input.targetKind,
    targetId: input.targetId,
    state: 'open',
    message: REPORT_MESSAGES.received,
  };
}

/** A report as its reporter sees it. */
export interface MyReport {
  id: string;
  targetKind: ReportTarget;
  targetId: string;
  targetLabel: string;
  /** Where the item can be seen (a video's page), when it still can. */
  videoId: string | null;
  reason: ReportReason;
  reasonLabel: string;
  details: string;
  state: ReportState;
  createdAt: string;
  resolvedAt: string | null;
}

export interface MyReportsPage {
  data: MyReport[];
  count: number;
  index: number;
  pageSize: number;
  hasMore: boolean;
}

/** The reporter's own reports, newest first, with where each stands. */
export async function listMyReports(
  { db, actor: actorOrNull }: Pick<Call, 'db' | 'actor'>,
  index = 0,
): Promise<MyReportsPage> {
  const actor = requireMemberRight(actorOrNull, 'participate');
  const mine = eq(reports.reporterId, actor.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(mine)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(MY_REPORTS_PAGE_SIZE)
      .offset(index * MY_REPORTS_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(reports)
      .where(mine),
  ]);
  const count = total?.count ?? 0;
  return {
    data: rows.map((row) => ({
      id: row.id,
      targetKind: row.targetKind,
      targetId: row.targetKind === 'member' ? row.targetLabel : row.targetId,
      targetLabel: row.targetLabel,
      videoId: row.videoId,
      reason: row.reason as ReportReason,
      reasonLabel: REPORT_REASONS[row.reason as ReportReason] ?? row.reason,
      details: row.details,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    })),
    count,
    index,
    pageSize: MY_REPORTS_PAGE_SIZE,
    hasMore: (index + 1) * MY_REPORTS_PAGE_SIZE < count,
  };
}

/** Whether the actor has already reported an item (the report button shows "Reported"). */
export async function hasReported(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  kind: ReportTarget,
  targetId: string,
): Promise<boolean> {
  if (!actor) return false;
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, actor.id),
        eq(reports.targetKind, kind),
        eq(reports.targetId, targetId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** How many open reports an item has (the reported marker staff see). */
export async function countOpenReports(
  db: Database,
  kind: ReportTarget,
  targetId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(eq(reports.targetKind, kind), eq(reports.targetId, targetId), eq(reports.state, 'open')),
    );
  return row?.count ?? 0;
}
