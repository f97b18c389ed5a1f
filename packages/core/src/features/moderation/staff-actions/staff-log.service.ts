import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import type { Database } from '../../../platform/db/client';
import { staffActions, type StaffAction } from '../../../platform/db/schema';
import type { Call } from '../../../access/call';

/** What staff can do; each action writes one log entry in its own transaction. */
export const STAFF_ACTION_KINDS = [
  'approve_video',
  'delete_video',
  'unpublish_video',
  'publish_video',
  'resolve_reports',
  'disable_member',
  'enable_member',
  'set_roles',
  'set_supporter',
  'approve_comment',
  'delete_comment',
  'decline_tagger',
  'revert_label_change',
  'save_watched_words',
  'delete_watched_words',
  'end_live',
  'disable_stream_key',
  'release_reupload',
  'reject_reupload',
] as const;
export type StaffActionKind = (typeof STAFF_ACTION_KINDS)[number];

/** How the log names each action. */
export const STAFF_ACTION_LABELS: Record<StaffActionKind, string> = {
  approve_video: 'Approved a reported video',
  delete_video: 'Deleted a video',
  unpublish_video: 'Unpublished a video',
  publish_video: 'Published a video',
  resolve_reports: 'Closed reports',
  disable_member: 'Disabled a member',
  enable_member: 'Enabled a member',
  set_roles: 'Changed roles',
  set_supporter: 'Changed the supporter flag',
  approve_comment: 'Approved a comment',
  delete_comment: 'Deleted a comment',
  decline_tagger: 'Declined a tagger application',
  revert_label_change: 'Reverted a label change',
  save_watched_words: 'Saved a list of watched words',
  delete_watched_words: 'Deleted a list of watched words',
  end_live: 'Ended a live',
  disable_stream_key: "Disabled a streamer's key",
  release_reupload: 'Published a held re-upload',
  reject_reupload: 'Refused a held re-upload',
};

/** A transaction or the database: a log entry is written inside the action's transaction. */
type Writer = Pick<Database, 'insert'>;

export interface StaffActionEntry {
  action: StaffActionKind;
  targetKind: 'video' | 'comment' | 'member' | 'report' | 'word_list';
  targetId: string;
  /** The title or username at the time, so the entry reads well after the target is gone. */
  targetLabel?: string;
  reason?: string;
  /** The member whose video or comment it acted on (their log shows it). */
  ownerId?: string | null;
}

/** How an entry reads in the log: the action, naming the kind of target once. */
export function describeStaffAction(entry: { action: string; targetKind: string }): string {
  if (entry.action === 'resolve_reports') return `Closed reports on a ${entry.targetKind}`;
  return STAFF_ACTION_LABELS[entry.action as StaffActionKind] ?? entry.action;
}

/** Appends one entry to the staff action log (there is no way to change or remove one). */
export async function recordStaffAction(
  ctx: Pick<Call<Actor>, 'actor' | 'now'> & { db: Writer },
  entry: StaffActionEntry,
): Promise<void> {
  const { db: tx, actor } = ctx;
  const now = ctx.now();
  await tx.insert(staffActions).values({
    actorId: actor.id,
    actorUsername: actor.username,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? '',
    reason: entry.reason ?? '',
    ownerId: entry.ownerId ?? null,
    createdAt: now,
  });
}

/** Entries a page of the log. */
export const STAFF_LOG_PAGE_SIZE = 30;

export interface StaffLogFilters {
  /** The actor's username (exact, any case). */
  actor?: string;
  action?: StaffActionKind;
  /** A target id, or a part of its title or username. */
  target?: string;
  /** Entries on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Entries on or before this day (YYYY-MM-DD, UTC). */
  to?: string;
  index?: number;
}

export interface StaffLogPage {
  data: StaffAction[];
  count: number;
  index: number;
  pageSize: number;
  hasMore: boolean;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The staff action log, newest first, filtered and one page at a time. */
export async function listStaffActions(
  db: Database,
  filters: StaffLogFilters = {},
): Promise<StaffLogPage> {
  const where: SQL[] = [];
  if (filters.actor)
    where.push(sql`lower(${staffActions.actorUsername}) = lower(${filters.actor})`);
  if (filters.action) where.push(eq(staffActions.action, filters.action));
  if (filters.target) {
    const pattern = `%${filters.target.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(${staffActions.targetId} = ${filters.target} or ${staffActions.targetLabel} ilike ${pattern})`,
    );
  }
  if (filters.from) where.push(gte(staffActions.createdAt, dayStart(filters.from)));
  if (filters.to) {
    const end = dayStart(filters.to);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(staffActions.createdAt, end));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const index = filters.index ?? 0;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffActions)
      .where(condition)
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(STAFF_LOG_PAGE_SIZE)
      .offset(index * STAFF_LOG_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(staffActions)
      .where(condition),
  ]);
  const count = total?.count ?? 0;
  return {
    data: rows,
    count,
    index,
    pageSize: STAFF_LOG_PAGE_SIZE,
    hasMore: (index + 1) * STAFF_LOG_PAGE_SIZE < count,
  };
}
