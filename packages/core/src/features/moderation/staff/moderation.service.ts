import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { onSiteStatusSql, VIDEO_MISSING_MESSAGE } from '../../../access/video-rules';
import { requireMemberRight } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/unit-of-work';
import {
  comments,
  reports,
  staffActions,
  heldStaffActions,
  suspendedVideos,
  tickets,
  users,
  videos,
  type ReportState,
  type ReportTarget,
  type Video,
} from '../../../platform/db/schema';
import { closeReports, REPORT_REASONS, type ReportReason } from '../reports';
import { type ModerationContext, recordStaffAction, type StaffActionKind } from '../staff-actions';
import { transcodeVideoJob } from '../../../platform/jobs/job-definitions';
import { videoPrefix } from '../../../platform/storage/rendition-folder';
import { livePrefix } from '../../videos/live';
import { settleHeldStaffAction } from './held-actions.service';
import { NOTICES, tellMember } from './uploader-notice';

/** Items a page in the moderation queues. */
export const MODERATION_PAGE_SIZE = 20;

export const MODERATION_MESSAGES = {
  noOpenReports: 'This video has no open reports',
  notUnpublished: 'Only a video unpublished by staff can be published here',
  hiddenWithOwner:
    'This video is hidden because its owner is disabled: enabling the member brings it back',
  notUnpublishedToDelete: 'Only a video unpublished by staff can be deleted here',
  alreadyUnpublished: 'This video is already unpublished by staff',
  notPublished: 'Only a published video, or one its owner unpublished, can be unpublished',
  changed: 'This video changed meanwhile; reload and try again',
} as const;

/** One member's report as staff see it. */
export interface QueueReport {
  id: string;
  reason: ReportReason;
  reasonLabel: string;
  details: string;
  reporter: string;
  createdAt: string;
}

/** A video in a moderation list. */
export interface ModerationVideo {
  _id: string;
  slug: string;
  title: string;
  status: Video['status'];
  uploader: string;
  posterKey: string | null;
  masterPlaylistKey: string | null;
  durationSeconds: number | null;
  aspectRatio: number | null;
  isReported: boolean;
  createdAt: string;
  publishedAt: string | null;
}

export interface ReportedVideo extends ModerationVideo {
  reports: QueueReport[];
}

export interface ModerationPage<Row> {
  data: Row[];
  count: number;
  index: number;
  pageSize: number;
  hasMore: boolean;
}

const videoColumns = {
  id: videos.id,
  slug: videos.slug,
  title: videos.title,
  status: videos.status,
  uploader: users.username,
  ownerId: videos.ownerId,
  posterKey: videos.posterKey,
  masterPlaylistKey: videos.masterPlaylistKey,
  durationSeconds: videos.durationSeconds,
  aspectRatio: videos.aspectRatio,
  isReported: videos.isReported,
  createdAt: videos.createdAt,
  publishedAt: videos.publishedAt,
};

interface VideoRow {
  id: string;
  slug: string;
  title: string;
  status: Video['status'];
  uploader: string;
  posterKey: string | null;
  masterPlaylistKey: string | null;
  durationSeconds: number | null;
  aspectRatio: number | null;
  isReported: boolean;
  createdAt: Date;
  publishedAt: Date | null;
}

function toModerationVideo(row: VideoRow): ModerationVideo {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    uploader: row.uploader,
    posterKey: row.posterKey,
    masterPlaylistKey: row.masterPlaylistKey,
    durationSeconds: row.durationSeconds,
    aspectRatio: row.aspectRatio,
    isReported: row.isReported,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

const pageOf = <Row>(data: Row[], count: number, index: number): ModerationPage<Row> => ({
  data,
  count,
  index,
  pageSize: MODERATION_PAGE_SIZE,
  hasMore: (index + 1) * MODERATION_PAGE_SIZE < count,
});

/** Open reports of some targets, oldest first, by target id. */
async function openReportsOf(
  db: Database,
  kind: ReportTarget,
  targetIds: string[],
): Promise<Map<string, QueueReport[]>> {
  const byTarget = new Map<string, QueueReport[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await db
    .select({
      id: reports.id,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      reporter: users.username,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.targetKind, kind),
        inArray(reports.targetId, targetIds),
        eq(reports.state, 'open'),
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id));
  for (const row of rows) {
    const list = byTarget.get(row.targetId) ?? [];
    list.push({
      id: row.id,
      reason: row.reason as ReportReason,
      reasonLabel: REPORT_REASONS[row.reason as ReportReason] ?? row.reason,
      details: row.details,
      reporter: row.reporter,
      createdAt: row.createdAt.toISOString(),
    });
    byTarget.set(row.targetId, list);
  }
  return byTarget;
}

/**
 * Reported and not already acted on: an action held for its undo window (HoldAction) takes the
 * video out of the queue and its counts at once, as the queue's page shows it.
 */
const reportedAndWaiting = and(
  eq(videos.isReported, true),
  notExists(
    sql`(select 1 from ${heldStaffActions} where ${heldStaffActions.targetId} = ${videos.id} and ${heldStaffActions.state} in ('held', 'running'))`,
  ),
);

/**
 * The reported list (LoadReportedVideos): videos with open reports, the longest waiting
 * first, each with its reports.
 */
export async function listReportedVideos(
  db: Database,
  index = 0,
): Promise<ModerationPage<ReportedVideo>> {
  const firstReport = sql<Date>`(select min(${reports.createdAt}) from ${reports} where ${reports.targetKind} = 'video' and ${reports.targetId} = ${videos.id} and ${reports.state} = 'open')`;
  const [rows, [total]] = await Promise.all([
    db
      .select(videoColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(reportedAndWaiting)
      .orderBy(asc(firstReport), asc(videos.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset(index * MODERATION_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(videos)
      .where(reportedAndWaiting),
  ]);
  const byVideo = await openReportsOf(
    db,
    'video',
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => ({ ...toModerationVideo(row), reports: byVideo.get(row.id) ?? [] })),
    total?.count ?? 0,
    index,
  );
}

/** A reported comment or member with its open reports. */
export interface ReportedItem {
  targetKind: 'comment' | 'member';
  targetId: string;
  targetLabel: string;
  videoId: string | null;
  /** A comment's author (null for a member, or a comment gone meanwhile). */
  author: string | null;
  /** A comment still there, which staff may delete from the queue. */
  isLive: boolean;
  reports: QueueReport[];
}

/** Comments or members with open reports, the longest waiting first. */
export async function listReportedItems(
  db: Database,
  kind: 'comment' | 'member',
  index = 0,
): Promise<ModerationPage<ReportedItem>> {
  const open = and(eq(reports.targetKind, kind), eq(reports.state, 'open'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        targetId: reports.targetId,
        targetLabel: sql<string>`max(${reports.targetLabel})`,
        videoId: sql<string | null>`max(${reports.videoId})`,
        first: sql<Date>`min(${reports.createdAt})`,
      })
      .from(reports)
      .where(open)
      .groupBy(reports.targetId)
      .orderBy(sql`min(${reports.createdAt})`, reports.targetId)
      .limit(MODERATION_PAGE_SIZE)
      .offset(index * MODERATION_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(distinct ${reports.targetId})::int` })
      .from(reports)
      .where(open),
  ]);
  const ids = rows.map((row) => row.targetId);
  const [byTarget, authors] = await Promise.all([
    openReportsOf(db, kind, ids),
    kind === 'comment' && ids.length > 0
      ? db
          .select({ id: comments.id, username: users.username, deletedAt: comments.deletedAt })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.authorId))
          .where(inArray(comments.id, ids))
      : Promise.resolve([]),
  ]);
  const authorOf = new Map(authors.map((row) => [row.id, row]));
  return pageOf(
    rows.map((row) => ({
      targetKind: kind,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      videoId: row.videoId,
      author: authorOf.get(row.targetId)?.username ?? null,
      isLive: kind === 'member' || authorOf.get(row.targetId)?.deletedAt === null,
      reports: byTarget.get(row.targetId) ?? [],
    })),
    total?.count ?? 0,
    index,
  );
}

/** Videos staff unpublished (LoadAdminVideos), newest change first, with the reason given. */
export interface UnpublishedVideo extends ModerationVideo {
  reason: string;
  unpublishedBy: string | null;
  unpublishedAt: string | null;
}

const notSuspended = notExists(
  sql`(select 1 from ${suspendedVideos} where ${suspendedVideos.videoId} = ${videos.id})`,
);

/** The unpublished list: videos staff took off the site (not those of disabled members). */
export async function listUnpublishedVideos(
  db: Database,
  index = 0,
): Promise<ModerationPage<UnpublishedVideo>> {
  const where = and(eq(videos.status, 'unpublished_admin'), notSuspended);
  const [rows, [total]] = await Promise.all([
    db
      .select(videoColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      .orderBy(desc(videos.updatedAt), desc(videos.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset(index * MODERATION_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(videos)
      .where(where),
  ]);
  // Unpublished by staff, or a held re-upload they refused (docs/reuploads.md).
  const why = await lastActionsOn(
    db,
    ['unpublish_video', 'reject_reupload'],
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => {
      const last = why.get(row.id);
      return {
        ...toModerationVideo(row),
        reason: last?.reason ?? '',
        unpublishedBy: last?.actorUsername ?? null,
        unpublishedAt: last?.createdAt.toISOString() ?? null,
      };
    }),
    total?.count ?? 0,
    index,
  );
}

async function lastActionsOn(db: Database, actions: StaffActionKind[], targetIds: string[]) {
  const found = new Map<string, { reason: string; actorUsername: string; createdAt: Date }>();
  if (targetIds.length === 0) return found;
  const rows = await db
    .select()
    .from(staffActions)
    .where(and(inArray(staffActions.action, actions), inArray(staffActions.targetId, targetIds)))
    .orderBy(asc(staffActions.createdAt), asc(staffActions.id));
  for (const row of rows) found.set(row.targetId, row);
  return found;
}

/** One video for the moderation page of a video: its state, open reports and log. */
export async function loadModerationVideo(db: Database, videoId: string) {
  const [row] = await db
    .select(videoColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!row) return null;
  const [open, log, [suspended]] = await Promise.all([
    openReportsOf(db, 'video', [videoId]),
    db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetKind, 'video'), eq(staffActions.targetId, videoId)))
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(50),
    db
      .select({ videoId: suspendedVideos.videoId })
      .from(suspendedVideos)
      .where(eq(suspendedVideos.videoId, videoId))
      .limit(1),
  ]);
  return {
    video: toModerationVideo(row),
    reports: open.get(videoId) ?? [],
    log,
    /** Hidden because its owner is disabled (not by a staff action on it): back on enabling. */
    isHiddenWithOwner: Boolean(suspended),
  };
}

/** The dashboard's queue counts. */
export interface QueueCounts {
  reportedVideos: number;
  reportedComments: number;
  reportedMembers: number;
  unpublishedVideos: number;
  heldComments: number;
  /** Uploads held as re-uploads of another member's video (docs/reuploads.md). */
  heldReuploads: number;
  openTickets: number;
  disabledMembers: number;
}

export async function countQueues(db: Database): Promise<QueueCounts> {
  const openOf = (kind: ReportTarget) =>
    db
      .select({ count: sql<number>`count(distinct ${reports.targetId})::int` })
      .from(reports)
      .where(and(eq(reports.targetKind, kind), eq(reports.state, 'open')));
  const [[reported], [comment], [member], [unpublished], [held], [open], [disabled], [copies]] =
    await Promise.all([
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(videos)
        .where(reportedAndWaiting),
      openOf('comment'),
      openOf('member'),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(videos)
        .where(and(eq(videos.status, 'unpublished_admin'), notSuspended)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(comments)
        .where(and(eq(comments.status, 'held'), sql`${comments.deletedAt} is null`)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(eq(tickets.state, 'open')),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.banned, true)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(videos)
        .where(eq(videos.status, 'held')),
    ]);
  return {
    reportedVideos: reported?.count ?? 0,
    reportedComments: comment?.count ?? 0,
    reportedMembers: member?.count ?? 0,
    unpublishedVideos: unpublished?.count ?? 0,
    heldComments: held?.count ?? 0,
    heldReuploads: copies?.count ?? 0,
    openTickets: open?.count ?? 0,
    disabledMembers: disabled?.count ?? 0,
  };
}

async function loadVideo(db: Database, videoId: string): Promise<Video> {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  return video;
}

/** The staff log's entry of an action on a video, named by its title and owner. */
function logVideoAction(
  tx: Database,
  staff: Actor,
  action: StaffActionKind,
  video: Pick<Video, 'id' | 'title' | 'ownerId'>,
  now: Date,
  reason?: string,
): Promise<void> {
  const { id: targetId, title: targetLabel, ownerId } = video;
  return recordStaffAction(
    { db: tx, actor: staff, now: () => now },
    { action, targetKind: 'video', targetId, targetLabel, ownerId, reason },
  );
}

/**
 * ApproveVideo: staff looked at a reported video and leave it up. Its open reports close as
 * approved and it leaves the reported list.
 */
export async function approveReportedVideo(
  ctx: ModerationContext,
  videoId: string,
): Promise<Video> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  const video = await inTransaction(ctx, async ({ db: tx }) => {
    const current = await loadVideo(tx, videoId);
    const closed = await closeReports(
      { db: tx, actor: staff, now: () => now },
      'video',
      videoId,
      'approved',
    );
    if (closed === 0 && !current.isReported) {
      throw new ServiceError('conflict', MODERATION_MESSAGES.noOpenReports);
    }
    const [row] = await tx
      .update(videos)
      .set({ isReported: false })
      .where(eq(videos.id, videoId))
      .returning();
    await logVideoAction(
      tx,
      staff,
      'approve_video',
      current,
      now,
      `${closed} report${closed === 1 ? '' : 's'} closed`,
    );
    await settleHeldStaffAction(tx, ctx.heldAction);
    return row!;
  });
  return video;
}

/**
 * Deletes a video as staff (DeleteReportVideo from the reported list, AdminDelete from the
 * unpublished list): its reports close as actioned, the owner is told, the log records it, all
 * in one transaction; then its files go.
 */
async function deleteVideoAsStaff(
  ctx: ModerationContext,
  staff: Actor,
  videoId: string,
  reason: string,
  onlyIf: (video: Video) => string | null,
): Promise<Video> {
  const now = ctx.now();
  const removed = await inTransaction(ctx, async (unit) => {
    const tx = unit.db;
    const current = await loadVideo(tx, videoId);
    const refusal = onlyIf(current);
    if (refusal) throw new ServiceError('conflict', refusal);
    const [row] = await tx.delete(videos).where(eq(videos.id, videoId)).returning();
    if (!row) throw new ServiceError('conflict', MODERATION_MESSAGES.changed);
    await closeReports({ ...unit, actor: staff, now: () => now }, 'video', videoId, 'actioned');
    if (row.jobId && ctx.media) {
      await ctx.media.queue.cancel(transcodeVideoJob, row.jobId, { on: unit });
    }
    await tellMember(
      { ...unit, actor: staff, now: () => now },
      row.ownerId,
      NOTICES.deleted(row.title, reason),
    );
    await logVideoAction(tx, staff, 'delete_video', row, now, reason);
    await settleHeldStaffAction(tx, ctx.heldAction);
    return row;
  });
  await ctx.listings.invalidate();
  if (ctx.media) {
    await ctx.media.storage.deletePrefix(videoPrefix(videoId));
    // A live's replay plays from the live's segments until its full ladder is in.
    await ctx.media.storage.deletePrefix(livePrefix(videoId));
    ctx.media.events.publish({ type: 'removed', videoId, ownerId: removed.ownerId });
  }
  return removed;
}

/** DeleteReportVideo: deletes a reported video; it leaves the reported list. */
export async function deleteReportedVideo(
  ctx: ModerationContext,
  videoId: string,
  reason = '',
): Promise<Video> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  return deleteVideoAsStaff(ctx, staff, videoId, reason, () => null);
}

/** AdminDelete: deletes a video staff unpublished; it leaves the unpublished list. */
export async function deleteUnpublishedVideo(
  ctx: ModerationContext,
  videoId: string,
  reason = '',
): Promise<Video> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  return deleteVideoAsStaff(ctx, staff, videoId, reason, (video) =>
    video.status === 'unpublished_admin' ? null : MODERATION_MESSAGES.notUnpublishedToDelete,
  );
}

/**
 * UnpublishVideoAdmin: takes a video off the site with a reason the uploader is told. It moves
 * to the unpublished list and leaves the reported list (its reports close as actioned).
 */
export async function unpublishVideoAsStaff(
  ctx: ModerationContext,
  videoId: string,
  reason: string,
): Promise<Video> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  const video = await inTransaction(ctx, async ({ db: tx }) => {
    const current = await loadVideo(tx, videoId);
    if (current.status === 'unpublished_admin') {
      throw new ServiceError('conflict', MODERATION_MESSAGES.alreadyUnpublished);
    }
    const [row] = await tx
      .update(videos)
      .set({ status: 'unpublished_admin', isReported: false, updatedAt: now })
      .where(
        and(
          eq(videos.id, videoId),
          inArray(videos.status, ['published', 'hidden', 'unpublished_user']),
        ),
      )
      .returning();
    if (!row) throw new ServiceError('conflict', MODERATION_MESSAGES.notPublished);
    await closeReports({ db: tx, actor: staff, now: () => now }, 'video', videoId, 'actioned');
    await tellMember(
      { db: tx, actor: staff, now: () => now },
      row.ownerId,
      NOTICES.unpublished(row.title, reason),
    );
    await logVideoAction(tx, staff, 'unpublish_video', row, now, reason);
    await settleHeldStaffAction(tx, ctx.heldAction);
    return row;
  });
  await ctx.listings.invalidate();
  return video;
}

/** AdminPublish: puts a video staff unpublished back on the site; it leaves that list. */
export async function publishVideoAsStaff(ctx: ModerationContext, videoId: string): Promise<Video> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  const video = await inTransaction(ctx, async ({ db: tx }) => {
    const current = await loadVideo(tx, videoId);
    const [suspended] = await tx
      .select()
      .from(suspendedVideos)
      .where(eq(suspendedVideos.videoId, videoId))
      .limit(1);
    if (suspended) throw new ServiceError('conflict', MODERATION_MESSAGES.hiddenWithOwner);
    if (current.status !== 'unpublished_admin') {
      throw new ServiceError('conflict', MODERATION_MESSAGES.notUnpublished);
    }
    const [row] = await tx
      .update(videos)
      .set({
        // Back as its owner left it: listed, or hidden (unlisted, private, scheduled).
        status: onSiteStatusSql(now),
        publishedAt: current.publishedAt ?? now,
        updatedAt: now,
      })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'unpublished_admin')))
      .returning();
    if (!row) throw new ServiceError('conflict', MODERATION_MESSAGES.changed);
    await tellMember(
      { db: tx, actor: staff, now: () => now },
      row.ownerId,
      NOTICES.published(row.title),
    );
    await logVideoAction(tx, staff, 'publish_video', row, now);
    return row;
  });
  await ctx.listings.invalidate();
  return video;
}

/**
 * Closes the open reports of a comment or a member: 'approved' (looked at, nothing to do) or
 * 'actioned' (dealt with elsewhere, e.g. the comment deleted or the member disabled).
 */
export async function resolveReports(
  ctx: ModerationContext,
  target: { targetKind: ReportTarget; targetId: string; outcome: Exclude<ReportState, 'open'> },
): Promise<number> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  return inTransaction(ctx, async ({ db: tx }) => {
    const [first] = await tx
      .select({ label: reports.targetLabel })
      .from(reports)
      .where(
        and(
          eq(reports.targetKind, target.targetKind),
          eq(reports.targetId, target.targetId),
          eq(reports.state, 'open'),
        ),
      )
      .limit(1);
    if (!first) throw new ServiceError('not_found', 'There are no open reports of this item');
    const closed = await closeReports(
      { db: tx, actor: staff, now: () => now },
      target.targetKind,
      target.targetId,
      target.outcome,
    );
    if (target.targetKind === 'video') {
      await tx.update(videos).set({ isReported: false }).where(eq(videos.id, target.targetId));
    }
    await recordStaffAction(
      { db: tx, actor: staff, now: () => now },
      {
        action: 'resolve_reports',
        targetKind: target.targetKind,
        targetId: target.targetId,
        targetLabel: first.label,
        reason: `${closed} report${closed === 1 ? '' : 's'} closed as ${target.outcome}`,
      },
    );
    return closed;
  });
}
