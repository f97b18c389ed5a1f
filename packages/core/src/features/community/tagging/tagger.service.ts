import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import {
  labelChanges,
  labelDisputes,
  reports,
  users,
  videoLabels,
  videos,
  type LabelChangeAction,
  type LabelKind,
} from '../../../platform/db/schema';
import { recordStaffAction } from '../../moderation/staff-actions';
import type { ChangesInput, FlagInput, LabelChangeInput, RevertInput } from './tagging.schema';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** A video with fewer labels than this waits in the queue (the partial index says the same). */
export const FEW_LABELS = 3;
/**
 * `label_keys` holds the labels, one category key and a key a flag: the flags taken off, a
 * video with fewer than FEW_LABELS labels has fewer than FEW_LABELS + 1 keys. Written as the
 * predicate of `videos_few_labels_idx`, word for word, so the planner uses that index.
 */
const KEYS_LESS_FLAGS =
  'cardinality(label_keys) - (is_explicit::int + is_same_sex::int + is_trans::int + has_seizure_warning::int)';
export const FEW_LABELS_WHERE = sql.raw(
  `status = 'published' and ${KEYS_LESS_FLAGS} < ${FEW_LABELS + 1}`,
);
const LABEL_COUNT = sql.raw(`${KEYS_LESS_FLAGS} - 1`);
/** Videos the queue shows at once. */
export const QUEUE_SIZE = 30;
/** Changes a page of the log. */
export const CHANGES_PAGE_SIZE = 30;

export const TAGGER_MESSAGES = {
  missingVideo: 'This video does not exist or is not published',
  hasLabel: 'The video already has this label',
  noLabel: 'The video has no such label',
  missingChange: 'This label change does not exist',
  reverted: 'This change was already reverted',
  noDispute: 'The labels of this video are not disputed',
} as const;

/** Why a video waits in the queue, most pressing first. */
export const QUEUE_REASONS = ['disputed', 'reported', 'few_labels'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export type VideoLabelSet = Record<LabelKind, string[]>;

export interface QueueItem {
  id: string;
  slug: string;
  title: string;
  category: string;
  posterKey: string | null;
  reason: QueueReason;
  /** What the reason is in words: the dispute, the reports, the label count. */
  detail: string;
  labels: VideoLabelSet;
}

/** A tagger's call, with the listings their changes make stale. */
export interface TaggerContext extends Pick<Call, 'db' | 'actor' | 'now'> {
  listings: Listings;
}

const emptyLabels = (): VideoLabelSet => ({ tag: [], music: [], star: [], creator: [] });

/** The labels of these videos, by video and kind, in name order. */
export async function loadLabelSets(
  db: Pick<Database, 'select'>,
  videoIds: string[],
): Promise<Map<string, VideoLabelSet>> {
  const sets = new Map(videoIds.map((id) => [id, emptyLabels()]));
  if (videoIds.length === 0) return sets;
  const rows = await db
    .select()
    .from(videoLabels)
    .where(inArray(videoLabels.videoId, videoIds))
    .orderBy(videoLabels.name);
  for (const row of rows) sets.get(row.videoId)?.[row.kind].push(row.name);
  return sets;
}

/**
 * The tagger's queue: videos whose labels are disputed (oldest dispute first), reported for
 * wrong labels, then the newest published videos with fewer than three labels. Each part
 * reads at most a page from its own index (the open-dispute, open-report and few-labels
 * partial indexes), so the queue costs the same at a million videos.
 */
export async function listTaggerQueue({
  db,
  actor,
}: Pick<Call, 'db' | 'actor'>): Promise<QueueItem[]> {
  requireMemberRight(actor, 'tag');
  const [disputed, reported, few] = await Promise.all([
    db
      .select({ videoId: labelDisputes.videoId, reason: labelDisputes.reason })
      .from(labelDisputes)
      .where(isNull(labelDisputes.settledAt))
      .orderBy(labelDisputes.createdAt)
      .limit(QUEUE_SIZE),
    db
      .select({ videoId: reports.targetId, n: sql<number>`count(*)::int` })
      .from(reports)
      .where(
        and(
          eq(reports.targetKind, 'video'),
          eq(reports.state, 'open'),
          eq(reports.reason, 'wrong-labels'),
        ),
      )
      .groupBy(reports.targetId)
      .orderBy(sql`min(${reports.createdAt})`)
      .limit(QUEUE_SIZE),
    db
      .select({ videoId: videos.id, n: sql<number>`${LABEL_COUNT}` })
      .from(videos)
      .where(FEW_LABELS_WHERE)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(QUEUE_SIZE),
  ]);
  const wanted = new Map<string, { reason: QueueReason; detail: string }>();
  const add = (videoId: string, reason: QueueReason, detail: string) => {
    if (!wanted.has(videoId)) wanted.set(videoId, { reason, detail });
  };
  for (const row of disputed) add(row.videoId, 'disputed', row.reason);
  for (const row of reported) {
    add(row.videoId, 'reported', `${row.n} ${row.n === 1 ? 'report' : 'reports'} of wrong labels`);
  }
  for (const row of few) {
    add(
      row.videoId,
      'few_labels',
      row.n === 0 ? 'No labels yet' : `Only ${row.n} ${row.n === 1 ? 'label' : 'labels'}`,
    );
  }
  const ids = [...wanted.keys()];
  if (ids.length === 0) return [];
  const [rows, labels] = await Promise.all([
    db
      .select({
        id: videos.id,
        slug: videos.slug,
        title: videos.title,
        category: videos.category,
        posterKey: videos.posterKey,
      })
      .from(videos)
      .where(and(inArray(videos.id, ids), eq(videos.status, 'published'))),
    loadLabelSets(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids
    .filter((id) => byId.has(id))
    .slice(0, QUEUE_SIZE)
    .map((id) => ({ ...byId.get(id)!, ...wanted.get(id)!, labels: labels.get(id)! }));
}

async function requirePublished(db: Pick<Database, 'select'>, videoId: string) {
  const [video] = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.status, 'published')))
    .limit(1);
  if (!video) throw new ServiceError('not_found', TAGGER_MESSAGES.missingVideo);
  return video;
}

type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * A change that undoes another member's last change of the same label (added back after they
 * took it off, or taken off after they added it) opens a dispute on the video.
 */
async function disputeWhenUndone(
  tx: Writer,
  tagger: Actor,
  input: LabelChangeInput,
  action: LabelChangeAction,
  now: Date,
) {
  const [previous] = await tx
    .select({ actorUsername: labelChanges.actorUsername, action: labelChanges.action })
    .from(labelChanges)
    .where(
      and(
        eq(labelChanges.videoId, input.videoId),
        eq(labelChanges.kind, input.kind),
        eq(labelChanges.name, input.name),
        isNull(labelChanges.revertedAt),
      ),
    )
    .orderBy(desc(labelChanges.createdAt), desc(labelChanges.id))
    .limit(1);
  if (!previous || previous.action === action || previous.actorUsername === tagger.username) return;
  const what = `${input.kind} “${input.name}”`;
  const reason =
    action === 'added'
      ? `${tagger.username} added back the ${what} that ${previous.actorUsername} took off`
      : `${tagger.username} took off the ${what} that ${previous.actorUsername} added`;
  await tx
    .insert(labelDisputes)
    .values({ videoId: input.videoId, reason, raisedById: tagger.id, createdAt: now })
    .onConflictDoNothing();
}

/**
 * A tagger adds or removes one label of a published video. The change and its log row are
 * written in one transaction; the cached listings are dropped after it commits.
 */
export async function changeLabel(
  ctx: TaggerContext,
  input: LabelChangeInput,
  action: LabelChangeAction,
): Promise<{ changeId: number; labels: VideoLabelSet }> {
  const { db, listings, actor } = ctx;
  const now = ctx.now();
  const tagger = requireMemberRight(actor, 'tag');
  const result = await inTransaction({ db }, async ({ db: tx }) => {
    await requirePublished(tx, input.videoId);
    const sameLabel = and(
      eq(videoLabels.videoId, input.videoId),
      eq(videoLabels.kind, input.kind),
      sql`lower(${videoLabels.name}) = lower(${input.name})`,
    );
    const [existing] = await tx.select().from(videoLabels).where(sameLabel).limit(1);
    let name = input.name;
    if (action === 'added') {
      if (existing) throw new ServiceError('conflict', TAGGER_MESSAGES.hasLabel);
      await tx.insert(videoLabels).values({ videoId: input.videoId, kind: input.kind, name });
    } else {
      if (!existing) throw new ServiceError('not_found', TAGGER_MESSAGES.noLabel);
      name = existing.name;
      await tx.delete(videoLabels).where(sameLabel);
    }
    await disputeWhenUndone(tx, tagger, { ...input, name }, action, now);
    const [change] = await tx
      .insert(labelChanges)
      .values({
        videoId: input.videoId,
        actorId: tagger.id,
        actorUsername: tagger.username,
        kind: input.kind,
        name,
        action,
        createdAt: now,
      })
      .returning({ id: labelChanges.id });
    const labels = await loadLabelSets(tx, [input.videoId]);
    return { changeId: change!.id, labels: labels.get(input.videoId)! };
  });
  await listings.invalidate();
  return result;
}

/** A tagger flags a video's labels as disputed (one open dispute a video). */
export async function flagLabels(
  ctx: TaggerContext,
  { videoId, reason }: FlagInput,
): Promise<{ videoId: string; disputed: true }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const tagger = requireMemberRight(actor, 'tag');
  await requirePublished(db, videoId);
  await db
    .insert(labelDisputes)
    .values({
      videoId,
      reason: `${tagger.username}: ${reason}`,
      raisedById: tagger.id,
      createdAt: now,
    })
    .onConflictDoNothing();
  return { videoId, disputed: true };
}

/** A tagger settles the open dispute of a video: its labels are right now. */
export async function settleDispute(
  ctx: TaggerContext,
  videoId: string,
): Promise<{ videoId: string; disputed: false }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const tagger = requireMemberRight(actor, 'tag');
  const settled = await db
    .update(labelDisputes)
    .set({ settledAt: now, settledById: tagger.id })
    .where(and(eq(labelDisputes.videoId, videoId), isNull(labelDisputes.settledAt)))
    .returning({ id: labelDisputes.id });
  if (settled.length === 0) throw new ServiceError('not_found', TAGGER_MESSAGES.noDispute);
  return { videoId, disputed: false };
}

export interface LabelChangeView {
  id: number;
  videoId: string;
  videoTitle: string;
  videoSlug: string;
  tagger: string;
  kind: LabelKind;
  name: string;
  action: LabelChangeAction;
  createdAt: string;
  revertedBy: string | null;
  revertedAt: string | null;
}

/** Staff: the label change log, newest first, by tagger or video. */
export async function listLabelChanges(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  { tagger, videoId, index }: ChangesInput,
) {
  requireMemberRight(actor, 'moderate');
  const where: SQL[] = [];
  if (tagger) where.push(sql`lower(${labelChanges.actorUsername}) = lower(${tagger})`);
  if (videoId) where.push(eq(labelChanges.videoId, videoId));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: labelChanges.id,
        videoId: labelChanges.videoId,
        videoTitle: videos.title,
        videoSlug: videos.slug,
        tagger: labelChanges.actorUsername,
        kind: labelChanges.kind,
        name: labelChanges.name,
        action: labelChanges.action,
        createdAt: labelChanges.createdAt,
        revertedBy: labelChanges.revertedByUsername,
        revertedAt: labelChanges.revertedAt,
      })
      .from(labelChanges)
      .innerJoin(videos, eq(videos.id, labelChanges.videoId))
      .where(condition)
      .orderBy(desc(labelChanges.createdAt), desc(labelChanges.id))
      .limit(CHANGES_PAGE_SIZE)
      .offset(index * CHANGES_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(labelChanges)
      .where(condition),
  ]);
  const count = Number(total?.n ?? 0);
  return {
    data: rows.map((row): LabelChangeView => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      revertedAt: row.revertedAt?.toISOString() ?? null,
    })),
    count,
    index,
    hasMore: (index + 1) * CHANGES_PAGE_SIZE < count,
  };
}

/**
 * Staff undo one label change: an added label goes, a removed one comes back. The change
 * row records who reverted it and the staff log records the action, in one transaction.
 */
export async function revertLabelChange(
  ctx: TaggerContext,
  { id, reason }: RevertInput,
): Promise<{ id: number; labels: VideoLabelSet }> {
  const { db, listings, actor } = ctx;
  const now = ctx.now();
  const staff = requireMemberRight(actor, 'moderate');
  const labels = await inTransaction({ db }, async ({ db: tx }) => {
    const [change] = await tx
      .select({ change: labelChanges, title: videos.title })
      .from(labelChanges)
      .innerJoin(videos, eq(videos.id, labelChanges.videoId))
      .where(eq(labelChanges.id, id))
      .for('update', { of: labelChanges })
      .limit(1);
    if (!change) throw new ServiceError('not_found', TAGGER_MESSAGES.missingChange);
    const { videoId, kind, name, action, actorUsername } = change.change;
    if (change.change.revertedAt) throw new ServiceError('conflict', TAGGER_MESSAGES.reverted);
    if (action === 'added') {
      await tx
        .delete(videoLabels)
        .where(
          and(
            eq(videoLabels.videoId, videoId),
            eq(videoLabels.kind, kind),
            eq(videoLabels.name, name),
          ),
        );
    } else {
      const [clash] = await tx
        .select()
        .from(videoLabels)
        .where(
          and(
            eq(videoLabels.videoId, videoId),
            eq(videoLabels.kind, kind),
            sql`lower(${videoLabels.name}) = lower(${name})`,
          ),
        )
        .limit(1);
      if (!clash) await tx.insert(videoLabels).values({ videoId, kind, name });
    }
    await tx
      .update(labelChanges)
      .set({ revertedById: staff.id, revertedByUsername: staff.username, revertedAt: now })
      .where(eq(labelChanges.id, id));
    await recordStaffAction(
      { db: tx, actor: staff, now: () => now },
      {
        action: 'revert_label_change',
        targetKind: 'video',
        targetId: videoId,
        targetLabel: change.title,
        reason: `${actorUsername} ${action} the ${kind} “${name}”${reason ? `: ${reason}` : ''}`,
      },
    );
    return (await loadLabelSets(tx, [videoId])).get(videoId)!;
  });
  await listings.invalidate();
  return { id, labels };
}

/** Changes that stand (not reverted) by each tagger, most first: the /ranks list. */
export async function listTaggerCounts(
  db: Database,
  limit = 60,
): Promise<{ username: string; changes: number }[]> {
  const rows = await db
    .select({ username: users.username, changes: sql<number>`count(*)::int` })
    .from(labelChanges)
    .innerJoin(users, eq(users.id, labelChanges.actorId))
    .where(and(isNull(labelChanges.revertedAt), eq(users.banned, false)))
    .groupBy(users.id, users.username)
    .orderBy(desc(sql`count(*)`), users.username)
    .limit(limit);
  return rows.map((row) => ({ username: row.username, changes: Number(row.changes) }));
}

/** One tagger's standing changes: all of them, and in the last seven days. */
export async function countMyChanges(ctx: Pick<Call, 'db' | 'actor' | 'now'>) {
  const { db, actor } = ctx;
  const now = ctx.now();
  const tagger = requireMemberRight(actor, 'tag');
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      week: sql<number>`(count(*) filter (where ${gte(labelChanges.createdAt, weekAgo)}))::int`,
      reverted: sql<number>`(count(*) filter (where ${labelChanges.revertedAt} is not null))::int`,
    })
    .from(labelChanges)
    .where(eq(labelChanges.actorId, tagger.id));
  return {
    total: Number(row?.total ?? 0) - Number(row?.reverted ?? 0),
    week: Number(row?.week ?? 0),
    reverted: Number(row?.reverted ?? 0),
  };
}
