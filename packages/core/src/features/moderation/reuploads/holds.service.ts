import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

export interface ReuploadHold {
  video: HoldVideo;
  /** The best-matched video; null once it was deleted. */
  matched: HoldVideo | null;
  matches: ReuploadMatch[];
  state: 'held' | 'released' | 'rejected';
  dispute: string | null;
  disputedAt: string | null;
  reason: string | null;
  decidedAt: string | null;
  createdAt: string;
}

async function readHolds(db: Database, where: SQL | undefined, index = 0, limit = 1) {
  const rows = await db
    .select({
      videoId: reuploadHolds.videoId,
      matchedVideoId: reuploadHolds.matchedVideoId,
      matches: reuploadHolds.matches,
      state: reuploadHolds.state,
      dispute: reuploadHolds.dispute,
      disputedAt: reuploadHolds.disputedAt,
      reason: reuploadHolds.reason,
      decidedAt: reuploadHolds.decidedAt,
      createdAt: reuploadHolds.createdAt,
    })
    .from(reuploadHolds)
    .innerJoin(videos, eq(videos.id, reuploadHolds.videoId))
    .where(where)
    .orderBy(asc(reuploadHolds.createdAt), asc(reuploadHolds.videoId))
    .limit(limit)
    .offset(index * limit);
  const ids = rows.flatMap((row) => [
    row.videoId,
    ...(row.matchedVideoId ? [row.matchedVideoId] : []),
  ]);
  const sides =
    ids.length === 0
      ? []
      : await db
          .select({
            id: videos.id,
            slug: videos.slug,
            title: videos.title,
            owner: users.username,
            status: videos.status,
            masterPlaylistKey: videos.masterPlaylistKey,
            posterKey: videos.posterKey,
            durationSeconds: videos.durationSeconds,
          })
          .from(videos)
          .innerJoin(users, eq(users.id, videos.ownerId))
          .where(inArray(videos.id, ids));
  const byId = new Map(sides.map((side) => [side.id, side]));
  return rows.flatMap((row): ReuploadHold[] => {
    const video = byId.get(row.videoId);
    if (!video) return [];
    return [
      {
        video,
        matched: (row.matchedVideoId && byId.get(row.matchedVideoId)) || null,
        matches: row.matches,
        state: row.state,
        dispute: row.dispute,
        disputedAt: row.disputedAt?.toISOString() ?? null,
        reason: row.reason,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/**
 * Why a video is (or was) held, for its owner and staff: null for anyone else and for a video
 * never held.
 */
export async function loadReuploadHold(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  videoId: string,
): Promise<ReuploadHold | null> {
  if (!actor) return null;
  const [hold] = await readHolds(db, eq(reuploadHolds.videoId, videoId));
  if (!hold) return null;
  const [owner] = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (owner?.ownerId !== actor.id && !can(actor, 'moderate')) return null;
  return hold;
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
    await notifyMany({ ...unit, now: () => now }, ctx.sink, [
      {
        userId: row.ownerId,
        kind: 'reupload_decided',
        actorId: staff.id,
        targetPath: `/video/${videoId}`,
        targetTitle: row.title,
        detail: reason ? `${verdict} ${reason}` : verdict,
      },
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
