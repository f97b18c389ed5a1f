import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { can, requireMemberRight } from '../../../access/rights';
import { ServiceError } from '../../../kernel/errors/service-error';
import { summaryColumns, toSummary, type VideoSummary } from '../../discovery/browse';
import type { Database } from '../../../platform/db/client';
import {
  CATEGORIES,
  comments,
  liveStreams,
  staffActions,
  streamKeys,
  subscriptions,
  users,
  videos,
  type LiveStream,
  type StreamKey,
  type VideoStatus,
} from '../../../platform/db/schema';
import {
  inTransaction,
  unitOf,
  type UnitOfWork,
  type WorkBase,
} from '../../../platform/db/unit-of-work';
import { notifyMany, type NotificationSink } from '../../people/notifications';
import { recordStaffAction } from '../../moderation/staff-actions';
import { screenDetails } from '../../moderation/watched-words';
import { onSiteStatusSql } from '../../../access/video-rules';
import type { ProcessingEvents } from '../../../platform/events/processing-events';
import { newVideoId, slugify } from '../../../kernel/public-id';
import type { Call } from '../../../access/call';
import type { Listings } from '../../../platform/cache/listing-cache';

/** A stream that drops and comes back on the same key within this continues the same live. */
export const RECONNECT_WINDOW_MS = 60_000;

/** The refusals a streamer's software logs (and the Go live page shows): docs/live.md. */
export const LIVE_REFUSALS = {
  unknownKey: 'This stream key is not valid: copy the key from the Go live page, or make a new one',
  disabledKey: 'This stream key was disabled by the staff: make a new one on the Go live page',
  noRight: 'This account may not stream: going live needs the upload right',
  secondStream: 'This stream key is already streaming: stop the other stream first',
  wrongApp: 'The stream URL must end in /live, with the stream key as the stream name',
} as const;

export const NO_KEY_MESSAGE = 'Make a stream key first';

/**
 * Who may watch a live: as an upload, but for a password (a live's viewers are not asked one;
 * docs/live.md).
 */
export const LIVE_VISIBILITIES = ['public', 'unlisted', 'private'] as const;

/** The details of a member's next live (and of the one on air): as an upload's. */
export const LiveDetailsInput = z.object({
  title: z.string().trim().max(200).default(''),
  description: z.string().max(5000).default(''),
  category: z.enum(CATEGORIES).default('other'),
  visibility: z
    .enum(LIVE_VISIBILITIES, {
      error: 'is public, unlisted or private: a live cannot have a password',
    })
    .default('public'),
  keepRecording: z.boolean().default(true),
});
export type LiveDetailsInput = z.input<typeof LiveDetailsInput>;

/** A stream key's stored form: its SHA-256, hex. */
export function hashStreamKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new stream key: 32 random bytes in base64url, the characters an RTMP stream name allows. */
export function newStreamKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Makes the member's stream key, or a new one in place of the old (which stops working at
 * once). The key is answered here and never again: only its hash is kept.
 */
export async function issueStreamKey(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
): Promise<{ key: string; createdAt: Date }> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const user = requireMemberRight(actor, 'upload');
  const key = newStreamKey();
  const keyHash = hashStreamKey(key);
  await db
    .insert(streamKeys)
    .values({ userId: user.id, keyHash, createdAt: now })
    .onConflictDoUpdate({
      target: streamKeys.userId,
      set: { keyHash, createdAt: now, disabledAt: null, lastRefusal: null, lastRefusalAt: null },
    });
  return { key, createdAt: now };
}

/** What the Go live page shows: the key's state (never the key), the details, the live on air. */
export interface GoLiveState {
  hasKey: boolean;
  keyCreatedAt: Date | null;
  isDisabled: boolean;
  details: z.output<typeof LiveDetailsInput>;
  /** Why the last stream on the key was refused; while on air, only a refusal since its start. */
  lastRefusal: string | null;
  lastRefusalAt: Date | null;
  /** Staff's reason for disabling the key, when they gave one. */
  disabledReason: string | null;
  live: { videoId: string; slug: string; state: LiveStream['state']; isDropped: boolean } | null;
  /** The member's last live that ended, and why; its replay's state (or null: none kept). */
  lastEnded: {
    videoId: string;
    slug: string;
    title: string;
    endedAt: Date;
    reason: string;
    replay: VideoStatus | null;
    /** Whether its replay plays already (made of the live's own segments, its ladder to come). */
    replayPlays: boolean;
  } | null;
  /** The scheduled live's waiting page and start time, or null. */
  scheduled: { videoId: string; slug: string; startsAt: Date } | null;
}

export async function readGoLive({ db, actor }: Pick<Call, 'db' | 'actor'>): Promise<GoLiveState> {
  const user = requireMemberRight(actor, 'upload');
  const [row] = await db.select().from(streamKeys).where(eq(streamKeys.userId, user.id)).limit(1);
  const [live] = await db
    .select({ videoId: liveStreams.videoId, state: liveStreams.state, slug: videos.slug })
    .from(liveStreams)
    .innerJoin(videos, eq(videos.id, liveStreams.videoId))
    .where(and(eq(liveStreams.ownerId, user.id), eq(liveStreams.state, 'live')))
    .limit(1);
  const [scheduled] = await db
    .select({ videoId: liveStreams.videoId, slug: videos.slug, startsAt: liveStreams.scheduledFor })
    .from(liveStreams)
    .innerJoin(videos, eq(videos.id, liveStreams.videoId))
    .where(and(eq(liveStreams.ownerId, user.id), eq(liveStreams.state, 'scheduled')))
    .limit(1);
  const [dropped] = live
    ? await db
        .select({ droppedAt: liveStreams.droppedAt, startedAt: liveStreams.startedAt })
        .from(liveStreams)
        .where(eq(liveStreams.videoId, live.videoId))
    : [];
  const [ended] = await db
    .select({
      videoId: liveStreams.videoId,
      slug: videos.slug,
      title: videos.title,
      endedAt: liveStreams.endedAt,
      reason: liveStreams.endReason,
      status: videos.status,
      masterPlaylistKey: videos.masterPlaylistKey,
      keepRecording: liveStreams.keepRecording,
    })
    .from(liveStreams)
    .innerJoin(videos, eq(videos.id, liveStreams.videoId))
    .where(and(eq(liveStreams.ownerId, user.id), eq(liveStreams.state, 'ended')))
    .orderBy(desc(liveStreams.endedAt))
    .limit(1);
  const [disabled] = row?.disabledAt
    ? await db
        .select({ reason: staffActions.reason })
        .from(staffActions)
        .where(
          and(eq(staffActions.action, 'disable_stream_key'), eq(staffActions.targetId, user.id)),
        )
        .orderBy(desc(staffActions.createdAt))
        .limit(1)
    : [];
  // A refusal from before the live on air is no news beside it ("You are live").
  const isRefusalCurrent =
    !!row?.lastRefusalAt && (!dropped || row.lastRefusalAt >= dropped.startedAt);
  return {
    hasKey: !!row,
    keyCreatedAt: row?.createdAt ?? null,
    isDisabled: !!row?.disabledAt,
    details: LiveDetailsInput.parse(row ?? {}),
    lastRefusal: isRefusalCurrent ? (row?.lastRefusal ?? null) : null,
    lastRefusalAt: isRefusalCurrent ? (row?.lastRefusalAt ?? null) : null,
    disabledReason: disabled?.reason || null,
    live: live ? { ...live, isDropped: !!dropped?.droppedAt } : null,
    lastEnded:
      ended?.endedAt && !live
        ? {
            videoId: ended.videoId,
            slug: ended.slug,
            title: ended.title,
            endedAt: ended.endedAt,
            reason: ended.reason ?? '',
            replay: ended.keepRecording ? ended.status : null,
            replayPlays: ended.keepRecording && ended.masterPlaylistKey !== null,
          }
        : null,
    scheduled: scheduled?.startsAt ? { ...scheduled, startsAt: scheduled.startsAt } : null,
  };
}

/**
 * Keeps the next live's details; with a live on air, its video takes them at once (title,
 * description, category, visibility), as an upload's details can change after publishing:
 * pages, listings, its media and its event stream follow at once (docs/security.md, "Media").
 */
export async function saveLiveDetails(
  {
    db,
    actor,
    now,
    listings,
    events,
  }: Pick<Call, 'db' | 'actor' | 'now'> & { listings?: Listings; events?: ProcessingEvents },
  input: LiveDetailsInput,
): Promise<void> {
  const user = requireMemberRight(actor, 'upload');
  const details = LiveDetailsInput.parse(input);
  await screenDetails(db, details);
  const onAir = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(streamKeys)
      .set(details)
      .where(eq(streamKeys.userId, user.id))
      .returning({ userId: streamKeys.userId });
    if (!row) throw new ServiceError('invalid', NO_KEY_MESSAGE);
    const [live] = await tx
      .select({ videoId: liveStreams.videoId })
      .from(liveStreams)
      .where(and(eq(liveStreams.ownerId, user.id), eq(liveStreams.state, 'live')))
      .limit(1);
    if (!live) return null;
    await tx
      .update(liveStreams)
      .set({ keepRecording: details.keepRecording })
      .where(eq(liveStreams.videoId, live.videoId));
    if (details.title) {
      await tx
        .update(videos)
        .set({ title: details.title, slug: slugify(details.title) })
        .where(eq(videos.id, live.videoId));
    }
    await tx
      .update(videos)
      .set({
        description: details.description,
        category: details.category,
        visibility: details.visibility,
      })
      .where(eq(videos.id, live.videoId));
    // On the site already: listed or not as its new visibility says.
    await tx
      .update(videos)
      .set({ status: onSiteStatusSql(now()) })
      .where(and(eq(videos.id, live.videoId), inArray(videos.status, ['published', 'hidden'])));
    return live.videoId;
  });
  if (!onAir) return;
  await listings?.invalidate();
  events?.publish({ type: 'access', videoId: onAir, ownerId: user.id });
}

/** A key's owner and their next live's details, or the refusal the streamer's software logs. */
export type KeyCheck =
  | { ok: true; userId: string; username: string; key: StreamKey }
  | { ok: false; reason: string; userId: string | null };

/** Checks a stream key as a stream arrives with it. */
export async function checkStreamKey(db: Database, key: string): Promise<KeyCheck> {
  const [row] = await db
    .select({ key: streamKeys, user: users })
    .from(streamKeys)
    .innerJoin(users, eq(users.id, streamKeys.userId))
    .where(eq(streamKeys.keyHash, hashStreamKey(key)))
    .limit(1);
  if (!row) return { ok: false, reason: LIVE_REFUSALS.unknownKey, userId: null };
  if (row.key.disabledAt) {
    return { ok: false, reason: LIVE_REFUSALS.disabledKey, userId: row.user.id };
  }
  if (row.user.banned || !can(row.user, 'upload')) {
    return { ok: false, reason: LIVE_REFUSALS.noRight, userId: row.user.id };
  }
  return { ok: true, userId: row.user.id, username: row.user.username, key: row.key };
}

/** Notes why a stream on the member's key was refused, for the Go live page. */
export async function recordRefusal(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  userId: string,
  reason: string,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  await db
    .update(streamKeys)
    .set({ lastRefusal: reason, lastRefusalAt: now })
    .where(eq(streamKeys.userId, userId));
}

/**
 * Notes a refusal on the key a stream came with (a stream refused before its key is checked:
 * the wrong path, a second stream on a key already streaming), for the Go live page. An
 * unknown key notes nothing.
 */
export async function recordRefusalByKey(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  key: string,
  reason: string,
): Promise<void> {
  await ctx.db
    .update(streamKeys)
    .set({ lastRefusal: reason, lastRefusalAt: ctx.now() })
    .where(eq(streamKeys.keyHash, hashStreamKey(key)));
}

export interface StreamProbe {
  width: number;
  height: number;
  frameRate: number;
}

/** The reason a dropped live ends with when its minute to come back has passed. */
export const LIVE_STREAM_STOPPED = 'The stream stopped';

/**
 * A stream taken on air: its live, whether it continues a dropped one, and the live this start
 * ended (dropped more than a minute ago, its node's timer not yet run): the caller announces
 * that one as ended after the commit, so the node holding its recording finishes it.
 */
export interface StartedLive {
  videoId: string;
  isContinued: boolean;
  ended?: { videoId: string; ownerId: string; reason: string };
}

/**
 * A stream that passed its checks goes on air: it continues the member's live when that one
 * dropped less than a minute ago, otherwise a new live video is made from the key's details
 * (in 'processing' until the live ends and its recording is processed). One transaction.
 */
export async function startLive(
  ctx: Pick<Call, 'db' | 'now'>,
  input: {
    userId: string;
    username: string;
    key: StreamKey;
    probe: StreamProbe;
    reconnectWindowMs?: number;
  },
): Promise<StartedLive> {
  const { db } = ctx;
  const now = ctx.now();
  let ended: StartedLive['ended'];
  const started = await inTransaction({ db }, async (unit) => {
    const tx = unit.db;
    const [current] = await tx
      .select()
      .from(liveStreams)
      .where(and(eq(liveStreams.ownerId, input.userId), eq(liveStreams.state, 'live')))
      .limit(1)
      .for('update');
    if (current) {
      const isRecent =
        current.droppedAt &&
        now.getTime() - current.droppedAt.getTime() <=
          (input.reconnectWindowMs ?? RECONNECT_WINDOW_MS);
      if (!current.droppedAt) throw new ServiceError('conflict', LIVE_REFUSALS.secondStream);
      if (isRecent) {
        await tx
          .update(liveStreams)
          .set({ droppedAt: null, seenAt: now })
          .where(eq(liveStreams.videoId, current.videoId));
        return { videoId: current.videoId, isContinued: true };
      }
      // Dropped more than a minute ago, and its node's timer has not run yet: ended here, as
      // the timer would (its video waits for the replay), and announced by the caller.
      await markLiveEnded(unit, {}, current.videoId, LIVE_STREAM_STOPPED, current.droppedAt);
      ended = { videoId: current.videoId, ownerId: current.ownerId, reason: LIVE_STREAM_STOPPED };
    }
    // A live the streamer scheduled: its waiting page turns into the live.
    const [scheduled] = await tx
      .update(liveStreams)
      .set({
        state: 'live',
        startedAt: now,
        seenAt: now,
        inputWidth: input.probe.width,
        inputHeight: input.probe.height,
        inputFrameRate: input.probe.frameRate,
      })
      .where(and(eq(liveStreams.ownerId, input.userId), eq(liveStreams.state, 'scheduled')))
      .returning({ videoId: liveStreams.videoId });
    if (scheduled) {
      await tx
        .update(videos)
        .set({
          status: 'processing',
          width: input.probe.width,
          height: input.probe.height,
          aspectRatio: input.probe.height > 0 ? input.probe.width / input.probe.height : null,
          updatedAt: now,
        })
        .where(eq(videos.id, scheduled.videoId));
      return { videoId: scheduled.videoId, isContinued: false };
    }
    const id = newVideoId();
    const details = LiveDetailsInput.parse(input.key);
    const title = details.title || `${input.username} live`;
    await tx.insert(videos).values({
      id,
      ownerId: input.userId,
      title,
      slug: slugify(title),
      description: details.description,
      category: details.category,
      visibility: details.visibility,
      status: 'processing',
      width: input.probe.width,
      height: input.probe.height,
      aspectRatio: input.probe.height > 0 ? input.probe.width / input.probe.height : null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(liveStreams).values({
      videoId: id,
      ownerId: input.userId,
      keepRecording: details.keepRecording,
      startedAt: now,
      seenAt: now,
      inputWidth: input.probe.width,
      inputHeight: input.probe.height,
      inputFrameRate: input.probe.frameRate,
    });
    return { videoId: id, isContinued: false };
  });
  return ended ? { ...started, ended } : started;
}

/** When a live's node last said it holds it (its start, for a row from before heartbeats). */
const lastSeenSql = sql`coalesce(${liveStreams.seenAt}, ${liveStreams.startedAt})`;

/** The stream dropped: the live waits a minute for it to come back. */
export async function markLiveDropped(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  videoId: string,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  await db
    .update(liveStreams)
    .set({ droppedAt: now })
    .where(and(eq(liveStreams.videoId, videoId), eq(liveStreams.state, 'live')));
}

/**
 * Ends a live (the minute after a drop passed, its streamer or staff ended it, or bad input
 * ended it). Its video leaves the site until its replay is processed: its live media are about
 * to be removed, and a page must not offer them meanwhile.
 */
export async function endLive(
  ctx: (WorkBase | UnitOfWork) & Pick<Call, 'now'> & { events?: ProcessingEvents },
  videoId: string,
  reason: string,
  silentSince?: Date,
): Promise<LiveStream | null> {
  const now = ctx.now();
  return inTransaction(ctx, (unit) =>
    markLiveEnded(unit, { events: ctx.events }, videoId, reason, now, silentSince),
  );
}

/**
 * Ends a live on air in the caller's transaction: its video waits for its replay. Its streamer
 * is told it ended and why (`live_ended`, leading to the replay's page, or to Go live when no
 * replay is kept), however it ended.
 */
async function markLiveEnded(
  unit: UnitOfWork,
  sink: NotificationSink,
  videoId: string,
  reason: string,
  now: Date,
  silentSince?: Date,
): Promise<LiveStream | null> {
  const tx = unit.db;
  const [row] = await tx
    .update(liveStreams)
    .set({ state: 'ended', endedAt: now, endReason: reason })
    .where(
      and(
        eq(liveStreams.videoId, videoId),
        eq(liveStreams.state, 'live'),
        silentSince ? lt(lastSeenSql, silentSince) : undefined,
      ),
    )
    .returning();
  if (!row) return null;
  const [video] = await tx
    .update(videos)
    .set({ status: 'processing', masterPlaylistKey: null, posterKey: null, updatedAt: now })
    .where(eq(videos.id, videoId))
    .returning({ title: videos.title });
  await notifyMany({ ...unit, now: () => now }, sink, [
    {
      userId: row.ownerId,
      kind: 'live_ended',
      targetPath: row.keepRecording ? `/video/${videoId}` : '/go-live',
      targetTitle: video?.title ?? '',
      detail: reason,
    },
  ]);
  return row;
}

/** The node holding a live on air says so this often (docs/live.md, "A node that stopped"). */
export const LIVE_HEARTBEAT_MS = 5_000;
/** A live on air whose node has been silent this long is ended by any node's check. */
export const LIVE_SILENT_MS = 2 * 60_000;
export const LIVE_NODE_STOPPED = 'The node holding the live stopped';

/**
 * The heartbeat of the node holding these lives: each still on air is marked seen now.
 * Answers those still on air; a held live missing from them was ended elsewhere.
 */
export async function touchLives(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  videoIds: string[],
): Promise<string[]> {
  const { db } = ctx;
  const now = ctx.now();
  if (videoIds.length === 0) return [];
  const rows = await db
    .update(liveStreams)
    .set({ seenAt: now })
    .where(and(inArray(liveStreams.videoId, videoIds), eq(liveStreams.state, 'live')))
    .returning({ videoId: liveStreams.videoId });
  return rows.map((row) => row.videoId);
}

/**
 * Ends every live on air whose node has said nothing for `silentMs` (it stopped and did not
 * come back), as "The node holding the live stopped". Each is ended in its own transaction,
 * only if still silent then, so two nodes checking at once end it once. Answers the ended.
 */
export async function endSilentLives(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  silentMs: number = LIVE_SILENT_MS,
): Promise<LiveStream[]> {
  const { db } = ctx;
  const now = ctx.now();
  const silentSince = new Date(now.getTime() - silentMs);
  const silent = await db
    .select({ videoId: liveStreams.videoId })
    .from(liveStreams)
    .where(and(eq(liveStreams.state, 'live'), lt(lastSeenSql, silentSince)));
  const ended: LiveStream[] = [];
  for (const { videoId } of silent) {
    const row = await endLive(ctx, videoId, LIVE_NODE_STOPPED, silentSince);
    if (row) ended.push(row);
  }
  return ended;
}

/** A live's course, or null when the video is not a live. */
export async function readLiveStream(db: Database, videoId: string): Promise<LiveStream | null> {
  const [row] = await db
    .select()
    .from(liveStreams)
    .where(eq(liveStreams.videoId, videoId))
    .limit(1);
  return row ?? null;
}

/**
 * The live's media are in storage (its master playlist and first segments): the video goes on
 * the site as an upload does when processed, listed when public. Answers its owner, or null
 * when it was on the site already (a stream back after a drop) or is gone.
 */
export async function markLiveWatchable(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  videoId: string,
  keys: { masterPlaylistKey: string; posterKey: string | null },
): Promise<{ ownerId: string; title: string; status: VideoStatus } | null> {
  const { db } = ctx;
  const now = ctx.now();
  const [row] = await db
    .update(videos)
    .set({
      masterPlaylistKey: keys.masterPlaylistKey,
      posterKey: keys.posterKey,
      status: onSiteStatusSql(now),
      publishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
    .returning({ ownerId: videos.ownerId, title: videos.title, status: videos.status });
  return row ?? null;
}

/** What the replay made of an ended live's own segments plays (docs/live.md, "The end"). */
export interface LiveReplayMedia {
  masterPlaylistKey: string;
  posterKey: string;
  /** The sum of its segments' real durations. */
  durationSeconds: number;
  width: number;
  height: number;
}

/**
 * An ended live's replay made of its own segments goes on the site at once (docs/live.md,
 * "The end"): the video back on the site as its visibility says, playing it, its duration the
 * segments' own; the full ladder takes its place later as a new file does. Answers its owner,
 * or null when the video is not an ended live waiting for its replay (removed, or taken).
 */
export async function publishLiveReplay(
  ctx: Pick<Call, 'db'> & Pick<Call, 'now'>,
  videoId: string,
  media: LiveReplayMedia,
): Promise<{ ownerId: string } | null> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(videos)
    .set({
      masterPlaylistKey: media.masterPlaylistKey,
      posterKey: media.posterKey,
      posterWebpKey: null,
      spritesVttKey: null,
      durationSeconds: media.durationSeconds,
      width: media.width,
      height: media.height,
      aspectRatio: media.width / media.height,
      topQuality: media.height,
      progress: 100,
      status: onSiteStatusSql(now),
      updatedAt: now,
    })
    .where(
      and(
        eq(videos.id, videoId),
        eq(videos.status, 'processing'),
        sql`exists (select 1 from ${liveStreams} where ${liveStreams.videoId} = ${videos.id} and ${liveStreams.state} = 'ended')`,
      ),
    )
    .returning({ ownerId: videos.ownerId });
  return row ?? null;
}

/**
 * A live went on the site: when it is listed (public), the streamer's subscribers are told
 * (`live_started`, their bells at once once committed). Once per live: a stream back after a
 * drop tells no one again.
 */
export async function notifyLiveStarted(
  work: (WorkBase | UnitOfWork) & Pick<Call, 'now'>,
  sink: NotificationSink,
  live: { videoId: string; ownerId: string; title: string; status: VideoStatus },
): Promise<number> {
  const now = work.now();
  if (live.status !== 'published') return 0;
  const unit = unitOf(work);
  const subscribers = await unit.db
    .select({ id: subscriptions.subscriberId })
    .from(subscriptions)
    .where(eq(subscriptions.channelId, live.ownerId));
  return notifyMany(
    { ...unit, now: () => now },
    sink,
    subscribers.map((subscriber) => ({
      userId: subscriber.id,
      kind: 'live_started' as const,
      actorId: live.ownerId,
      targetPath: `/video/${live.videoId}`,
      targetTitle: live.title,
    })),
  );
}

/** A live whose streamer chose not to keep it is removed when it ends, as a deleted video is. */
export async function discardLive(
  db: Database,
  videoId: string,
): Promise<{ ownerId: string } | null> {
  const [row] = await db
    .delete(videos)
    .where(eq(videos.id, videoId))
    .returning({ ownerId: videos.ownerId });
  return row ?? null;
}

export const LIVE_END_REASONS = {
  byStreamer: 'The streamer ended the live',
  byStaff: 'Staff ended the live',
} as const;

/** Why staff ended a live, as its streamer (and their software) is told: with staff's reason. */
export const staffEndReason = (reason: string) =>
  reason ? `${LIVE_END_REASONS.byStaff}: ${reason}` : LIVE_END_REASONS.byStaff;

/**
 * Ends the member's live on air from the Go live page (none on air: nothing happens); the node holding its stream hears it
 * and cuts the stream, then the recording is processed (or the video removed) as at any end.
 */
export async function endOwnLive(
  ctx: { db: Database; events: ProcessingEvents } & Pick<Call, 'actor'> & Pick<Call, 'now'>,
): Promise<void> {
  const { actor } = ctx;
  const user = requireMemberRight(actor, 'upload');
  const [live] = await ctx.db
    .select({ videoId: liveStreams.videoId })
    .from(liveStreams)
    .where(and(eq(liveStreams.ownerId, user.id), eq(liveStreams.state, 'live')))
    .limit(1);
  // Not live (any more): nothing to end, as after a second press.
  if (!live) return;
  const ended = await endLive(
    { db: ctx.db, events: ctx.events, now: ctx.now },
    live.videoId,
    LIVE_END_REASONS.byStreamer,
  );
  if (ended) {
    ctx.events.publish({
      type: 'live-ended',
      videoId: ended.videoId,
      ownerId: ended.ownerId,
      reason: LIVE_END_REASONS.byStreamer,
    });
  }
}

export const StaffEndLiveInput = z.object({
  videoId: z.string().min(1).max(64),
  reason: z.string().trim().max(500).default(''),
});
export const DisableStreamKeyInput = z.object({
  userId: z.string().min(1).max(64),
  reason: z.string().trim().max(500).default(''),
});

/** Staff end a live on air (the staff log records it); its stream is cut as at any end. */
export async function staffEndLive(
  ctx: { db: Database; events: ProcessingEvents } & Pick<Call, 'actor'> & Pick<Call, 'now'>,
  input: z.input<typeof StaffEndLiveInput>,
): Promise<void> {
  const { actor } = ctx;
  const now = ctx.now();
  const staff = requireMemberRight(actor, 'moderate');
  const { videoId, reason } = StaffEndLiveInput.parse(input);
  await inTransaction({ db: ctx.db }, async (unit) => {
    const row = await endLive(
      { ...unit, events: ctx.events, now: () => now },
      videoId,
      staffEndReason(reason),
    );
    if (!row) throw new ServiceError('not_found', 'This live is not on air');
    const [video] = await unit.db
      .select({ title: videos.title })
      .from(videos)
      .where(eq(videos.id, videoId));
    await recordStaffAction(
      { ...unit, actor: staff, now: () => now },
      {
        action: 'end_live',
        targetKind: 'video',
        targetId: videoId,
        targetLabel: video?.title,
        reason,
        ownerId: row.ownerId,
      },
    );
    // The stream is cut once the end has committed.
    await unit.afterCommit('announce the live ended', () =>
      ctx.events.publish({
        type: 'live-ended',
        videoId,
        ownerId: row.ownerId,
        reason: staffEndReason(reason),
      }),
    );
  });
}

/**
 * Staff disable a member's stream key (the staff log records it): streams on it are refused
 * until the member makes a new one. A live on air goes on until it ends (staff end it apart).
 */
export async function disableStreamKey(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'>,
  input: z.input<typeof DisableStreamKeyInput>,
): Promise<void> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const staff = requireMemberRight(actor, 'moderate');
  const { userId, reason } = DisableStreamKeyInput.parse(input);
  await inTransaction({ db }, async (unit) => {
    const tx = unit.db;
    const [row] = await tx
      .update(streamKeys)
      .set({ disabledAt: now })
      .where(eq(streamKeys.userId, userId))
      .returning({ userId: streamKeys.userId });
    if (!row) throw new ServiceError('not_found', 'This member has no stream key');
    const [user] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, userId));
    await recordStaffAction(
      { db: tx, actor: staff, now: () => now },
      {
        action: 'disable_stream_key',
        targetKind: 'member',
        targetId: userId,
        targetLabel: user?.username,
        reason,
        ownerId: userId,
      },
    );
    // The streamer hears it, with staff's reason, and the Go live page says it.
    await notifyMany({ ...unit, now: () => now }, {}, [
      { userId, kind: 'live_key_disabled', targetPath: '/go-live', detail: reason },
    ]);
  });
}

/** The lives on air that are listed (public), newest first: the Live listing (docs/live.md). */
export async function listLiveVideos(db: Database, limit = 60): Promise<VideoSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(liveStreams)
    .innerJoin(videos, eq(videos.id, liveStreams.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(liveStreams.state, 'live'), eq(videos.status, 'published')))
    .orderBy(desc(liveStreams.startedAt))
    .limit(limit);
  return rows.map(toSummary);
}

/**
 * A live's chat is its comments (docs/live.md): once a comment on a live on air (or on its
 * waiting page) was posted,
 * edited, approved or deleted, its viewers' pages hear it and ask for the chat again (each
 * reads it under the comment rules, as their own: held, blocked). Nothing for other videos.
 * Call after the change has committed.
 */
export async function announceLiveChat(
  ctx: { db: Database; events: ProcessingEvents | undefined },
  about: { videoId: string } | { commentId: string },
): Promise<void> {
  if (!ctx.events) return;
  const [live] = await ctx.db
    .select({ videoId: liveStreams.videoId, ownerId: liveStreams.ownerId })
    .from(liveStreams)
    .where(
      and(
        // On air, or a waiting page (its chat opens before the live).
        inArray(liveStreams.state, ['live', 'scheduled']),
        'videoId' in about
          ? eq(liveStreams.videoId, about.videoId)
          : inArray(
              liveStreams.videoId,
              ctx.db
                .select({ videoId: comments.videoId })
                .from(comments)
                .where(eq(comments.id, about.commentId)),
            ),
      ),
    )
    .limit(1);
  if (live) ctx.events.publish({ type: 'chat', videoId: live.videoId, ownerId: live.ownerId });
}

/** A live on air as the moderation area lists it. */
export interface StaffLiveRow {
  videoId: string;
  title: string;
  slug: string;
  visibility: string;
  ownerId: string;
  username: string;
  startedAt: Date;
  isDropped: boolean;
  isKeyDisabled: boolean;
}

/** Every live on air, listed or not, newest first: the moderation area's Lives (staff only). */
export async function listLivesForStaff({
  db,
  actor,
}: Pick<Call, 'db' | 'actor'>): Promise<StaffLiveRow[]> {
  requireMemberRight(actor, 'moderate');
  const rows = await db
    .select({
      videoId: liveStreams.videoId,
      title: videos.title,
      slug: videos.slug,
      visibility: videos.visibility,
      ownerId: liveStreams.ownerId,
      username: users.username,
      startedAt: liveStreams.startedAt,
      droppedAt: liveStreams.droppedAt,
      keyDisabledAt: streamKeys.disabledAt,
    })
    .from(liveStreams)
    .innerJoin(videos, eq(videos.id, liveStreams.videoId))
    .innerJoin(users, eq(users.id, liveStreams.ownerId))
    .leftJoin(streamKeys, eq(streamKeys.userId, liveStreams.ownerId))
    .where(eq(liveStreams.state, 'live'))
    .orderBy(desc(liveStreams.startedAt))
    .limit(200);
  return rows.map(({ droppedAt, keyDisabledAt, ...row }) => ({
    ...row,
    isDropped: droppedAt !== null,
    isKeyDisabled: keyDisabledAt !== null,
  }));
}

export const ScheduleLiveInput = z.object({
  /** When the live is announced to start; null takes the schedule back. */
  startsAt: z.iso
    .datetime({ offset: true, error: 'is a date and time (ISO 8601, e.g. 2030-01-31T18:00:00Z)' })
    .nullable(),
});

export const SCHEDULE_MESSAGES = {
  past: 'The start time must be in the future',
  onAir: 'You are live already: end the live first',
} as const;

/**
 * Schedules the member's next live (docs/live.md): its video is made now from the key's
 * details, with a waiting page that says when it starts (not listed; opened by its link as
 * the live's visibility allows), and the next stream on the key turns it into the live. A
 * second call moves the time (and takes the key's current details); `startsAt: null` takes
 * the schedule back and removes its page. Answers the waiting page's video, or null.
 */
export async function scheduleLive(
  ctx: Pick<Call, 'db' | 'actor'> & Pick<Call, 'now'> & { events?: ProcessingEvents },
  input: z.input<typeof ScheduleLiveInput>,
): Promise<{ videoId: string; slug: string } | null> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const user = requireMemberRight(actor, 'upload');
  const parsed = ScheduleLiveInput.parse(input);
  const startsAt = parsed.startsAt === null ? null : new Date(parsed.startsAt);
  if (startsAt && startsAt.getTime() <= now.getTime()) {
    throw new ServiceError('invalid', SCHEDULE_MESSAGES.past, { field: 'startsAt' });
  }
  let takenBack: string | null = null;
  const scheduled = await inTransaction({ db }, async (unit) => {
    const tx = unit.db;
    const [key] = await tx.select().from(streamKeys).where(eq(streamKeys.userId, user.id));
    if (!key) throw new ServiceError('invalid', NO_KEY_MESSAGE);
    const [current] = await tx
      .select({ videoId: liveStreams.videoId, state: liveStreams.state })
      .from(liveStreams)
      .where(
        and(eq(liveStreams.ownerId, user.id), inArray(liveStreams.state, ['scheduled', 'live'])),
      )
      .for('update');
    if (current?.state === 'live') throw new ServiceError('conflict', SCHEDULE_MESSAGES.onAir);
    if (!startsAt) {
      if (current) await tx.delete(videos).where(eq(videos.id, current.videoId));
      takenBack = current?.videoId ?? null;
      return null;
    }
    const details = LiveDetailsInput.parse(key);
    // Kept before a list was saved that refuses them: checked again as they go on the site.
    await screenDetails(tx, details);
    const title = details.title || `${user.username} live`;
    const fields = {
      title,
      slug: slugify(title),
      description: details.description,
      category: details.category,
      visibility: details.visibility,
      updatedAt: now,
    };
    if (current) {
      await tx.update(videos).set(fields).where(eq(videos.id, current.videoId));
      await tx
        .update(liveStreams)
        .set({ scheduledFor: startsAt, keepRecording: details.keepRecording })
        .where(eq(liveStreams.videoId, current.videoId));
      return { videoId: current.videoId, slug: fields.slug };
    }
    const id = newVideoId();
    // Hidden: opened by its link (as its visibility allows), listed nowhere until it is live.
    await tx
      .insert(videos)
      .values({ id, ownerId: user.id, status: 'hidden', createdAt: now, ...fields });
    // A public live's subscribers hear it is coming (once: not again when the time moves).
    if (details.visibility === 'public') {
      const subscribers = await tx
        .select({ id: subscriptions.subscriberId })
        .from(subscriptions)
        .where(eq(subscriptions.channelId, user.id));
      await notifyMany(
        { ...unit, now: () => now },
        {},
        subscribers.map((subscriber) => ({
          userId: subscriber.id,
          kind: 'live_scheduled' as const,
          actorId: user.id,
          targetPath: `/video/${id}`,
          targetTitle: title,
        })),
      );
    }
    await tx.insert(liveStreams).values({
      videoId: id,
      ownerId: user.id,
      state: 'scheduled',
      keepRecording: details.keepRecording,
      startedAt: now,
      scheduledFor: startsAt,
    });
    return { videoId: id, slug: fields.slug };
  });
  // Its open waiting pages hear it was taken back (their event stream's `live-ended`, no
  // replay), once the removal is committed.
  if (takenBack) ctx.events?.publish({ type: 'removed', videoId: takenBack, ownerId: user.id });
  return scheduled;
}
