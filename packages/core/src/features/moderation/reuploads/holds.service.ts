import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can, requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/unit-of-work';
import { reuploadHolds, users, videos, type ReuploadMatch } from '../../../platform/db/schema';
import type { ModerationContext } from '../staff-actions';
import { recordStaffAction } from '../staff-actions';
import {
  notifyMany,
  notifyVideoPublished,
  type NotificationSink,
} from '../../people/notifications';
import { onSiteStatusSql, VIDEO_MISSING_MESSAGE } from '../../../access/video-rules';
import type { Call } from '../../../access/call';
import { openableVideoIds } from './lineage';

/** The longest dispute an uploader may write. */
export const MAX_DISPUTE_LENGTH = 1000;

/** Held uploads a page in the staff queue. */
export const HOLDS_PAGE_SIZE = 10;

export const HOLD_MESSAGES = {
  notHeld: 'This video is not held as a re-upload',
  decided: 'Staff have already decided on this video',
} as const;

/** One side of a held pair, as staff and the uploader see it. */
export interface HoldVideo {
  id: string;
  slug: string;
  title: string;
  owner: string;
  status: string;
  masterPlaylistKey: string | null;
  posterKey: string | null;
  durationSeconds: number | null;
}

/** A copy of the original that staff published after a review: the lineage staff see. */
export interface LineageCopy {
  video: HoldVideo;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
}

export interface ReuploadHold {
  video: HoldVideo;
  /**
   * The original it is held against (docs/reuploads.md, the lineage); null once it was
   * deleted, or when the one who reads may not open it (then `isMatchPrivate`).
   */
  matched: HoldVideo | null;
  /** The original exists but the reader may not open it: it is "a private video". */
  isMatchPrivate: boolean;
  /** Every matched video the reader may open, the original first. */
  matchedVideos: HoldVideo[];
  /** The stretches; a video the reader may not open has the id '' ("a private video"). */
  matches: ReuploadMatch[];
  /** Staff only: the original's copies staff published, oldest first, who decided and why. */
  lineage: LineageCopy[];
  state: 'held' | 'released' | 'rejected';
  dispute: string | null;
  disputedAt: string | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

const sideColumns = {
  id: videos.id,
  slug: videos.slug,
  title: videos.title,
  owner: users.username,
  status: videos.status,
  masterPlaylistKey: videos.masterPlaylistKey,
  posterKey: videos.posterKey,
  durationSeconds: videos.durationSeconds,
};

async function readSides(db: Database, ids: string[]): Promise<Map<string, HoldVideo>> {
  if (ids.length === 0) return new Map();
  const sides = await db
    .select(sideColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(inArray(videos.id, [...new Set(ids)]));
  return new Map(sides.map((side) => [side.id, side]));
}

/** The copies of these originals that staff published, with who decided and why. */
async function readLineage(db: Database, originalIds: string[]) {
  if (originalIds.length === 0) return new Map<string, LineageCopy[]>();
  const deciders = alias(users, 'deciders');
  const rows = await db
    .select({
      originalVideoId: reuploadHolds.originalVideoId,
      ...sideColumns,
      decidedBy: deciders.username,
      decidedAt: reuploadHolds.decidedAt,
      reason: reuploadHolds.reason,
    })
    .from(reuploadHolds)
    .innerJoin(videos, eq(videos.id, reuploadHolds.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .leftJoin(deciders, eq(deciders.id, reuploadHolds.decidedBy))
    .where(
      and(inArray(reuploadHolds.originalVideoId, originalIds), eq(reuploadHolds.state, 'released')),
    )
    .orderBy(asc(reuploadHolds.decidedAt));
  const byOriginal = new Map<string, LineageCopy[]>();
  for (const { originalVideoId, decidedBy, decidedAt, reason, ...video } of rows) {
    const list = byOriginal.get(originalVideoId!) ?? [];
    list.push({ video, decidedBy, decidedAt: decidedAt?.toISOString() ?? null, reason });
    byOriginal.set(originalVideoId!, list);
  }
  return byOriginal;
}

async function readHolds(db: Database, where: SQL | undefined, index = 0, limit = 1) {
  const deciders = alias(users, 'deciders');
  const rows = await db
    .select({
      videoId: reuploadHolds.videoId,
      matchedVideoId: reuploadHolds.matchedVideoId,
      originalVideoId: reuploadHolds.originalVideoId,
      matches: reuploadHolds.matches,
      state: reuploadHolds.state,
      dispute: reuploadHolds.dispute,
      disputedAt: reuploadHolds.disputedAt,
      reason: reuploadHolds.reason,
      decidedBy: deciders.username,
      decidedAt: reuploadHolds.decidedAt,
      createdAt: reuploadHolds.createdAt,
    })
    .from(reuploadHolds)
    .innerJoin(videos, eq(videos.id, reuploadHolds.videoId))
    .leftJoin(deciders, eq(deciders.id, reuploadHolds.decidedBy))
    .where(where)
    .orderBy(asc(reuploadHolds.createdAt), asc(reuploadHolds.videoId))
    .limit(limit)
    .offset(index * limit);
  const originalOf = (row: (typeof rows)[number]) => row.originalVideoId ?? row.matchedVideoId;
  const byId = await readSides(
    db,
    rows.flatMap((row) => [
      row.videoId,
      ...(originalOf(row) ? [originalOf(row)!] : []),
      ...row.matches.map((match) => match.videoId),
    ]),
  );
  const lineage = await readLineage(
    db,
    rows.flatMap((row) => (originalOf(row) ? [originalOf(row)!] : [])),
  );
  return rows.flatMap((row): ReuploadHold[] => {
    const video = byId.get(row.videoId);
    if (!video) return [];
    const original = originalOf(row);
    const matched = (original && byId.get(original)) || null;
    return [
      {
        video,
        matched,
        isMatchPrivate: false,
        matchedVideos: [
          ...(matched ? [matched] : []),
          ...row.matches.flatMap((match) => {
            const side = byId.get(match.videoId);
            return side && side.id !== matched?.id ? [side] : [];
          }),
        ],
        matches: row.matches,
        lineage:
          (original && lineage.get(original)?.filter((copy) => copy.video.id !== row.videoId)) ||
          [],
        state: row.state,
        dispute: row.dispute,
        disputedAt: row.disputedAt?.toISOString() ?? null,
        reason: row.reason,
        decidedBy: row.decidedBy,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/**
 * The hold as `actor` may read it: staff everything; anyone else only the matched videos they
 * may open (a video they may not is "a private video": no title, no id), no lineage and no
 * staff's name.
 */
async function asSeenBy(
  ctx: Pick<Call, 'db' | 'now'>,
  actor: NonNullable<Call['actor']>,
  hold: ReuploadHold,
): Promise<ReuploadHold> {
  if (can(actor, 'moderate')) return hold;
  const ids = [
    ...new Set([...hold.matches.map((m) => m.videoId), ...(hold.matched ? [hold.matched.id] : [])]),
  ];
  const open = await openableVideoIds(ctx, actor, ids);
  return {
    ...hold,
    matched: hold.matched && open.has(hold.matched.id) ? hold.matched : null,
    isMatchPrivate: Boolean(hold.matched && !open.has(hold.matched.id)),
    matchedVideos: hold.matchedVideos.filter((side) => open.has(side.id)),
    matches: hold.matches.map((match) =>
      open.has(match.videoId) ? match : { ...match, videoId: '' },
    ),
    lineage: [],
    decidedBy: null,
  };
}

/**
 * Why a video is (or was) held, for its owner, the owners of the videos it matches (the hold
 * page their notice leads to) and staff: null for anyone else and for a video never held.
 */
export async function loadReuploadHold(
  ctx: Pick<Call, 'db' | 'actor'> & Partial<Pick<Call, 'now'>>,
  videoId: string,
): Promise<ReuploadHold | null> {
  const { db, actor } = ctx;
  if (!actor) return null;
  const [hold] = await readHolds(db, eq(reuploadHolds.videoId, videoId));
  if (!hold) return null;
  const [owner] = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  const matchedOwners = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(
      inArray(videos.id, [
        ...hold.matches.map((match) => match.videoId),
        ...(hold.matched ? [hold.matched.id] : []),
      ]),
    );
  const mayRead =
    owner?.ownerId === actor.id ||
    can(actor, 'moderate') ||
    matchedOwners.some((row) => row.ownerId === actor.id);
  if (!mayRead) return null;
  return asSeenBy({ db, now: ctx.now ?? (() => new Date()) }, actor, hold);
}

/** The staff queue: uploads held as re-uploads, oldest first. */
export async function listHeldReuploads(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  index = 0,
): Promise<{ data: ReuploadHold[]; count: number; index: number; pageSize: number }> {
  requireMemberRight(actor, 'moderate');
  const where = and(eq(reuploadHolds.state, 'held'), eq(videos.status, 'held'));
  const [data, [total]] = await Promise.all([
    readHolds(db, where, index, HOLDS_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(reuploadHolds)
      .innerJoin(videos, eq(videos.id, reuploadHolds.videoId))
      .where(where),
  ]);
  return { data, count: total?.count ?? 0, index, pageSize: HOLDS_PAGE_SIZE };
}

/** The uploader disputes the hold: a short text staff read beside the two videos. */
export async function disputeReuploadHold(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  videoId: string,
  text: string,
): Promise<void> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const member = requireMemberRight(actor, 'upload');
  const [video] = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video || video.ownerId !== member.id)
    throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  const [row] = await db
    .update(reuploadHolds)
    .set({ dispute: text, disputedAt: now })
    .where(and(eq(reuploadHolds.videoId, videoId), eq(reuploadHolds.state, 'held')))
    .returning({ videoId: reuploadHolds.videoId });
  if (!row) throw new ServiceError('conflict', HOLD_MESSAGES.notHeld);
}

export type HoldDecision = 'release' | 'reject';

/**
 * Staff decide on a held upload: released, it goes on the site as its owner left it (listed,
 * or hidden when unlisted, private or scheduled); refused, it is unpublished by staff (the
 * unpublished list, where it may still be published or deleted). Logged in the same
 * transaction; the uploader is told, and a released video's subscribers hear of it.
 */
export async function decideReuploadHold(
  ctx: ModerationContext & { sink: NotificationSink } & Pick<Call, 'actor'>,
  videoId: string,
  decision: HoldDecision,
  reason: string,
): Promise<{ status: string }> {
  const { actor } = ctx;
  const staff = requireMemberRight(actor, 'moderate');
  const now = ctx.now();
  const status = await inTransaction(ctx, async (unit) => {
    const tx = unit.db;
    const [hold] = await tx
      .select()
      .from(reuploadHolds)
      .where(eq(reuploadHolds.videoId, videoId))
      .limit(1)
      .for('update');
    if (!hold) throw new ServiceError('not_found', HOLD_MESSAGES.notHeld);
    if (hold.state !== 'held') throw new ServiceError('conflict', HOLD_MESSAGES.decided);
    const [row] = await tx
      .update(videos)
      .set(
        decision === 'release'
          ? {
              status: onSiteStatusSql(now),
              publishedAt: sql`case when ${videos.publishAt} > ${now.toISOString()}::timestamptz then null else ${now.toISOString()}::timestamptz end`,
              publishAt: sql`case when ${videos.publishAt} > ${now.toISOString()}::timestamptz then ${videos.publishAt} else null end`,
              updatedAt: now,
            }
          : { status: 'unpublished_admin', updatedAt: now },
      )
      .where(and(eq(videos.id, videoId), eq(videos.status, 'held')))
      .returning({
        id: videos.id,
        ownerId: videos.ownerId,
        title: videos.title,
        status: videos.status,
      });
    if (!row) throw new ServiceError('conflict', HOLD_MESSAGES.notHeld);
    await tx
      .update(reuploadHolds)
      .set({
        state: decision === 'release' ? 'released' : 'rejected',
        decidedBy: staff.id,
        decidedAt: now,
        reason: reason || null,
      })
      .where(eq(reuploadHolds.videoId, videoId));
    await recordStaffAction(
      { ...unit, actor: staff, now: () => now },
      {
        action: decision === 'release' ? 'release_reupload' : 'reject_reupload',
        targetKind: 'video',
        targetId: videoId,
        targetLabel: row.title,
        ownerId: row.ownerId,
        reason,
      },
    );
    const verdict =
      decision === 'release'
        ? 'Published: staff found it is not a copy of another member’s video.'
        : 'Refused: staff found it copies another member’s video; it stays off the site.';
    // The original's owner hears the decision on the copy of her video, once.
    const originalId = hold.originalVideoId ?? hold.matchedVideoId;
    const [original] = originalId
      ? await tx
          .select({ ownerId: videos.ownerId })
          .from(videos)
          .where(eq(videos.id, originalId))
          .limit(1)
      : [];
    const told =
      decision === 'release'
        ? 'Published: staff found it may stay on the site beside your video.'
        : 'Refused: staff found it copies your video; it stays off the site.';
    await notifyMany({ ...unit, now: () => now }, ctx.sink, [
      {
        userId: row.ownerId,
        kind: 'reupload_decided',
        actorId: staff.id,
        targetPath: `/video/${videoId}`,
        targetTitle: row.title,
        detail: reason ? `${verdict} ${reason}` : verdict,
      },
      ...(original && original.ownerId !== row.ownerId
        ? [
            {
              userId: original.ownerId,
              kind: 'reupload_copy_decided' as const,
              actorId: staff.id,
              targetPath: `/reuploads/${videoId}`,
              targetTitle: row.title,
              detail: reason ? `${told} ${reason}` : told,
            },
          ]
        : []),
    ]);
    if (decision === 'release' && row.status === 'published') {
      await notifyVideoPublished({ ...unit, now: () => now }, ctx.sink, row, {
        owner: false,
        subscribers: true,
      });
    }
    return row.status;
  });
  await ctx.listings.invalidate();
  return { status };
}
