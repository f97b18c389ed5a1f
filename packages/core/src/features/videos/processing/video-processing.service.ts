import { screenText } from '../../moderation/watched-words';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import {
  VIDEO_MISSING_MESSAGE,
  canManageVideo,
  onSiteStatusSql,
} from '../../../access/video-rules';
import { newVideoId, slugify } from '../../../kernel/public-id';
import type { Database } from '../../../platform/db/client';
import { inTransaction, unitOf } from '../../../platform/db/unit-of-work';
import {
  liveStreams,
  videoLabels,
  videos,
  type LabelKind,
  type ReuploadMatch,
  type Video,
} from '../../../platform/db/schema';
import { transcodeVideoJob, type TranscodeVideoJob } from '../../../platform/jobs/job-definitions';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { sourceKeyFor, videoPrefix } from '../../../platform/storage/rendition-folder';
import { livePrefix } from '../live';
import type { Storage } from '../../../platform/storage/storage';
import { notifyVideoPublished } from '../../people/notifications';
import { holdAgainst, recordReuploadHold } from '../../moderation/reuploads';
import type { ProcessingEvents } from '../../../platform/events/processing-events';
import { NewVideoInput, type Actor } from './video-processing.schema';

/** What the processing functions need; tests hand in a fresh database and storage. */
export interface VideoProcessingContext {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  events: ProcessingEvents;
  /** The clock: the call's, or the system's in a worker. */
  now: () => Date;
  /** The transcode job definition (its queue settings); the standard one by default. */
  transcodeJob?: TranscodeVideoJob;
}

const jobOf = (ctx: VideoProcessingContext) => ctx.transcodeJob ?? transcodeVideoJob;

/**
 * Stores an uploaded (already validated) file as a new video's source, creates the video in
 * status 'processing' and enqueues its transcode, the row and the job in one transaction.
 * If anything fails, the stored source is removed again: no row, no job, no files.
 */
export async function createVideoForProcessing(
  ctx: VideoProcessingContext,
  input: NewVideoInput & { sourcePath: string },
): Promise<Video> {
  const data = NewVideoInput.parse(input);
  // The site's refusing watched words (docs/moderation.md), before anything is kept.
  await screenText(ctx.db, 'title', [data.title]);
  if (data.description) await screenText(ctx.db, 'description', [data.description]);
  const id = newVideoId();
  const sourceKey = sourceKeyFor(id);
  const jobId = randomUUID();
  await ctx.storage.putFile(sourceKey, input.sourcePath);
  try {
    const video = await inTransaction(ctx, async (unit) => {
      const tx = unit.db;
      const [row] = await tx
        .insert(videos)
        .values({
          id,
          ownerId: data.ownerId,
          title: data.title,
          slug: slugify(data.title),
          description: data.description,
          category: data.category,
          isExplicit: data.isExplicit,
          isSameSex: data.isSameSex,
          isTrans: data.isTrans,
          hasSeizureWarning: data.hasSeizureWarning,
          status: 'processing',
          progress: 0,
          sourceKey,
          jobId,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning();
      const labels = Object.entries(data.labels).flatMap(([kind, names]) =>
        [...new Set(names)].map((name) => ({ videoId: id, kind: kind as LabelKind, name })),
      );
      if (labels.length > 0) await tx.insert(videoLabels).values(labels);
      await ctx.queue.send(jobOf(ctx), { videoId: id }, { on: unit, id: jobId });
      return row!;
    });
    ctx.events.publish({ type: 'processing', videoId: id, ownerId: video.ownerId });
    return video;
  } catch (error) {
    await ctx.storage.deletePrefix(videoPrefix(id));
    throw error;
  }
}

/** Stores progress; answers false when the video is no longer processing (cancelled, deleted). */
export async function recordProgress(
  ctx: VideoProcessingContext,
  videoId: string,
  progress: number,
): Promise<boolean> {
  const value = Math.max(0, Math.min(100, Math.round(progress * 10) / 10));
  const [row] = await ctx.db
    .update(videos)
    .set({ progress: value, updatedAt: ctx.now() })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
    .returning({ ownerId: videos.ownerId });
  if (!row) return false;
  ctx.events.publish({ type: 'progress', videoId, ownerId: row.ownerId, progress: value });
  return true;
}

export interface ProgressRecorder {
  /** Notes a percentage; written at most once per interval. */
  report(progress: number): void;
  /** Waits for the pending write. */
  flush(): Promise<void>;
  /** Set once a write finds the video gone or no longer processing. */
  readonly isGone: boolean;
}

/**
 * Throttles progress writes (ffmpeg reports several times a second) to one per interval, and
 * calls `onGone` once if the video disappears meanwhile, so the job can stop.
 */
export function createProgressRecorder(
  ctx: VideoProcessingContext,
  videoId: string,
  options: { intervalMs?: number; onGone?: () => void; clock?: () => number } = {},
): ProgressRecorder {
  const interval = options.intervalMs ?? 1000;
  const clock = options.clock ?? Date.now;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let lastValue = -1;
  let pending: Promise<void> = Promise.resolve();
  let isGone = false;
  return {
    report(progress) {
      const t = clock();
      if (isGone || t - lastWrite < interval || Math.abs(progress - lastValue) < 0.1) return;
      lastWrite = t;
      lastValue = progress;
      pending = pending
        .then(() => recordProgress(ctx, videoId, progress))
        .then((isProcessing) => {
          if (!isProcessing && !isGone) {
            isGone = true;
            options.onGone?.();
          }
        })
        // A failed progress write is not worth failing a transcode over; the next one retries.
        .catch(() => undefined);
    },
    flush: () => pending,
    get isGone() {
      return isGone;
    },
  };
}

export interface PublishInput {
  videoId: string;
  mediaPrefix: string;
  masterPlaylistKey: string;
  posterKey: string;
  posterWebpKey: string | null;
  spritesVttKey: string | null;
  av1Key: string | null;
  /** Candidate poster frames (JPEG keys) the owner may pick from. */
  frameKeys?: string[];
  durationSeconds: number;
  width: number;
  height: number;
  aspectRatio: number;
  topQuality: number;
}

/**
 * Makes a fully written rendition set visible and the video published, in one statement that
 * only succeeds while the video is still processing. Answers false otherwise (the owner
 * cancelled, or another attempt already published): the caller then removes its own objects.
 * With `matches` (other members' videos it copies, docs/reuploads.md) that still count once
 * weighed by their lineage (`holdAgainst`), the video is held instead, its hold recorded in the
 * same transaction: nobody but its owner and staff see it until staff decide. Answers what it
 * became: 'published' (on the site, listed or hidden) or 'held'.
 */
export async function publishProcessedVideo(
  ctx: VideoProcessingContext,
  input: PublishInput,
  matches: ReuploadMatch[] = [],
): Promise<'published' | 'held' | false> {
  const now = ctx.now();
  const sink = { events: ctx.events, queue: ctx.queue };
  let isHeld = false;
  const row = await inTransaction(ctx, async (unit) => {
    const [owner] = await unit.db
      .select({ ownerId: videos.ownerId })
      .from(videos)
      .where(eq(videos.id, input.videoId))
      .limit(1);
    const held = owner ? await holdAgainst(unit.db, matches, owner.ownerId) : null;
    isHeld = held !== null;
    const [updated] = await unit.db
      .update(videos)
      .set({
        // Unlisted, private and scheduled videos come out hidden (docs/videos.md).
        status: isHeld ? 'held' : onSiteStatusSql(now),
        progress: 100,
        failureReason: null,
        mediaPrefix: input.mediaPrefix,
        masterPlaylistKey: input.masterPlaylistKey,
        posterKey: input.posterKey,
        posterWebpKey: input.posterWebpKey,
        spritesVttKey: input.spritesVttKey,
        av1Key: input.av1Key,
        hasAv1: input.av1Key !== null,
        durationSeconds: input.durationSeconds,
        width: input.width,
        height: input.height,
        aspectRatio: input.aspectRatio,
        topQuality: input.topQuality,
        frameKeys: input.frameKeys ?? [],
        // A scheduled video is dated when it goes out; a held one when staff release it.
        ...(isHeld
          ? {}
          : {
              publishedAt: sql`case when ${videos.publishAt} > ${now.toISOString()}::timestamptz then null else ${now.toISOString()}::timestamptz end`,
              publishAt: sql`case when ${videos.publishAt} > ${now.toISOString()}::timestamptz then ${videos.publishAt} else null end`,
            }),
        updatedAt: now,
      })
      .where(and(eq(videos.id, input.videoId), eq(videos.status, 'processing')))
      .returning({ ownerId: videos.ownerId, title: videos.title, status: videos.status });
    if (updated && held) {
      await recordReuploadHold(
        { ...unit, now: () => now },
        sink,
        { id: input.videoId, ownerId: updated.ownerId, title: updated.title },
        held,
      );
    }
    return updated;
  });
  if (!row) return false;
  ctx.events.publish({
    type: isHeld ? 'held' : 'published',
    videoId: input.videoId,
    ownerId: row.ownerId,
  });
  if (isHeld) return 'held';
  // The owner hears it is ready, their subscribers that it is out (a hidden one: not yet, or
  // never; a live's replay: never, they were told of the live, docs/live.md). Telling them is
  // never why the publication fails.
  const [live] = await ctx.db
    .select({ videoId: liveStreams.videoId })
    .from(liveStreams)
    .where(eq(liveStreams.videoId, input.videoId))
    .limit(1);
  await notifyVideoPublished(
    { ...unitOf(ctx), now: () => now },
    sink,
    { id: input.videoId, ownerId: row.ownerId, title: row.title },
    { owner: true, subscribers: row.status === 'published' && !live },
  ).catch(() => undefined);
  return 'published';
}

export interface PlayableInput {
  videoId: string;
  mediaPrefix: string;
  masterPlaylistKey: string;
  posterKey: string;
  posterWebpKey: string | null;
  durationSeconds: number;
  width: number;
  height: number;
  aspectRatio: number;
  /** The first quality, the only one so far. */
  quality: number;
}

/**
 * Points a video still processing at its first rendition (docs/decisions/0025): its owner
 * (and moderators) can play it on its page while the rest of the ladder is made; it stays
 * processing, unlisted and unannounced, until `publishProcessedVideo`. Answers false when it
 * is no longer processing.
 */
export async function recordPlayableVideo(
  ctx: VideoProcessingContext,
  input: PlayableInput,
): Promise<boolean> {
  const [row] = await ctx.db
    .update(videos)
    .set({
      mediaPrefix: input.mediaPrefix,
      masterPlaylistKey: input.masterPlaylistKey,
      posterKey: input.posterKey,
      posterWebpKey: input.posterWebpKey,
      durationSeconds: input.durationSeconds,
      width: input.width,
      height: input.height,
      aspectRatio: input.aspectRatio,
      topQuality: input.quality,
      updatedAt: ctx.now(),
    })
    .where(and(eq(videos.id, input.videoId), eq(videos.status, 'processing')))
    .returning({ ownerId: videos.ownerId });
  if (!row) return false;
  ctx.events.publish({
    type: 'playable',
    videoId: input.videoId,
    ownerId: row.ownerId,
    quality: input.quality,
  });
  return true;
}

/**
 * Forgets a first rendition whose files are being removed (its attempt failed): a video not
 * published points at no media it had from that attempt.
 */
export async function forgetPlayableVideo(
  ctx: VideoProcessingContext,
  videoId: string,
  mediaPrefix: string,
): Promise<void> {
  await ctx.db
    .update(videos)
    .set({
      mediaPrefix: null,
      masterPlaylistKey: null,
      posterKey: null,
      posterWebpKey: null,
      updatedAt: ctx.now(),
    })
    .where(
      and(
        eq(videos.id, videoId),
        eq(videos.mediaPrefix, mediaPrefix),
        notInArray(videos.status, ['published', 'hidden']),
      ),
    );
}

/** Marks a processing video failed with a reason the owner can read. */
export async function markVideoFailed(
  ctx: VideoProcessingContext,
  videoId: string,
  reason: string,
): Promise<boolean> {
  const failureReason = reason.slice(0, 500);
  const [row] = await ctx.db
    .update(videos)
    .set({ status: 'failed', failureReason, updatedAt: ctx.now() })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
    .returning({ ownerId: videos.ownerId });
  if (!row) return false;
  ctx.events.publish({ type: 'failed', videoId, ownerId: row.ownerId, reason: failureReason });
  return true;
}

/** A video by id, in any state, or null. */
export async function findVideo(
  ctx: Pick<VideoProcessingContext, 'db'>,
  videoId: string,
): Promise<Video | null> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
  return video ?? null;
}

async function loadOwnedVideo(
  ctx: VideoProcessingContext,
  actor: Actor,
  videoId: string,
): Promise<Video> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  if (!canManageVideo(actor, video)) {
    throw new ServiceError('forbidden', 'Only the owner of this video can do that');
  }
  return video;
}

/**
 * A live's recording goes through the normal ladder as the same video (docs/live.md): stored
 * as its source, the video back in 'processing' with a fresh job, its page the same. Answers
 * false when the video is gone (deleted meanwhile); the stored source is removed then.
 */
export async function processRecording(
  ctx: VideoProcessingContext,
  videoId: string,
  recordingPath: string,
): Promise<boolean> {
  const sourceKey = sourceKeyFor(videoId);
  const jobId = randomUUID();
  await ctx.storage.putFile(sourceKey, recordingPath);
  const row = await inTransaction(ctx, async (unit) => {
    const [updated] = await unit.db
      .update(videos)
      .set({
        status: 'processing',
        progress: 0,
        failureReason: null,
        sourceKey,
        jobId,
        // The live's playlists stop being played; the ladder's first quality takes over.
        masterPlaylistKey: null,
        posterKey: null,
        updatedAt: ctx.now(),
      })
      .where(eq(videos.id, videoId))
      .returning({ ownerId: videos.ownerId });
    if (updated) await ctx.queue.send(jobOf(ctx), { videoId }, { on: unit, id: jobId });
    return updated;
  });
  if (!row) {
    await ctx.storage.deleteObject(sourceKey);
    return false;
  }
  ctx.events.publish({ type: 'processing', videoId, ownerId: row.ownerId });
  return true;
}

/** Sends a failed video back to processing with a fresh job. */
export async function retryVideo(
  ctx: VideoProcessingContext & { actor: Actor },
  videoId: string,
): Promise<Video> {
  const { actor } = ctx;
  await loadOwnedVideo(ctx, actor, videoId);
  const jobId = randomUUID();
  const video = await inTransaction(ctx, async (unit) => {
    const [row] = await unit.db
      .update(videos)
      .set({ status: 'processing', progress: 0, failureReason: null, jobId, updatedAt: ctx.now() })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'failed')))
      .returning();
    if (!row)
      throw new ServiceError('conflict', 'Only a video whose processing failed can be retried');
    await ctx.queue.send(jobOf(ctx), { videoId }, { on: unit, id: jobId });
    return row;
  });
  ctx.events.publish({ type: 'processing', videoId, ownerId: video.ownerId });
  return video;
}

/**
 * Stops processing and removes the video: its job is cancelled and its row deleted in one
 * transaction, then every object it made. A worker still running notices at its next progress
 * write or heartbeat, and removes whatever it writes after this.
 */
export async function cancelVideo(
  ctx: VideoProcessingContext & { actor: Actor },
  videoId: string,
): Promise<void> {
  const { actor } = ctx;
  const video = await loadOwnedVideo(ctx, actor, videoId);
  if (!['processing', 'failed'].includes(video.status)) {
    throw new ServiceError('conflict', 'Only a video in processing can be cancelled');
  }
  await removeVideo(ctx, video, ['processing', 'failed']);
}

/** Deletes a video in any state, with every stored object. */
export async function deleteVideo(
  ctx: VideoProcessingContext & { actor: Actor },
  videoId: string,
): Promise<void> {
  const { actor } = ctx;
  const video = await loadOwnedVideo(ctx, actor, videoId);
  await removeVideo(ctx, video, null);
}

async function removeVideo(
  ctx: VideoProcessingContext,
  video: Video,
  onlyInStatuses: Video['status'][] | null,
): Promise<void> {
  await inTransaction(ctx, async (unit) => {
    const where = onlyInStatuses
      ? and(eq(videos.id, video.id), inArray(videos.status, onlyInStatuses))
      : eq(videos.id, video.id);
    const [row] = await unit.db.delete(videos).where(where).returning({ jobId: videos.jobId });
    if (!row)
      throw new ServiceError('conflict', 'This video changed meanwhile; reload and try again');
    if (row.jobId) await ctx.queue.cancel(jobOf(ctx), row.jobId, { on: unit });
  });
  await ctx.storage.deletePrefix(videoPrefix(video.id));
  // A live's replay plays from the live's segments until its full ladder is in.
  await ctx.storage.deletePrefix(livePrefix(video.id));
  ctx.events.publish({ type: 'removed', videoId: video.id, ownerId: video.ownerId });
}

/** The signed-in user's videos processing, failed or held, newest first (the /processing page). */
export async function listProcessingVideos(
  ctx: Pick<VideoProcessingContext, 'db'>,
  ownerId: string,
): Promise<Video[]> {
  const rows = await ctx.db
    .select()
    .from(videos)
    // A held upload stays here, waiting for staff, rather than vanishing from its owner's sight.
    .where(
      and(eq(videos.ownerId, ownerId), inArray(videos.status, ['processing', 'failed', 'held'])),
    );
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export interface VideoMediaUrls {
  masterPlaylistUrl: string;
  posterUrl: string;
  posterWebpUrl: string | null;
  spritesVttUrl: string | null;
  av1Url: string | null;
}

/**
 * Browser URLs of a video's media: through MEDIA_BASE_URL, or as `urlOf` names them (under a
 * media grant, `mediaAddressesFor`). Null before it has any.
 */
export function videoMediaUrls(
  storage: Storage,
  video: Video,
  urlOf: (key: string) => string = (key) => storage.publicUrl(key),
): VideoMediaUrls | null {
  if (!video.masterPlaylistKey || !video.posterKey) return null;
  const url = (key: string | null) => (key ? urlOf(key) : null);
  return {
    masterPlaylistUrl: urlOf(video.masterPlaylistKey),
    posterUrl: urlOf(video.posterKey),
    posterWebpUrl: url(video.posterWebpKey),
    spritesVttUrl: url(video.spritesVttKey),
    av1Url: url(video.av1Key),
  };
}
