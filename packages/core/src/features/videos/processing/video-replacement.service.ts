import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { ServiceError } from '../../../kernel/errors/service-error';
import { inTransaction } from '../../../platform/db/unit-of-work';
import {
  videoReplacements,
  videos,
  videoSubtitles,
  type Video,
  type VideoReplacement,
} from '../../../platform/db/schema';
import { transcodeVideoJob } from '../../../platform/jobs/job-definitions';
import { canManageVideo, VIDEO_MISSING_MESSAGE } from '../../../access/video-rules';
import type { Actor } from './video-processing.schema';
import { type PublishInput, type VideoProcessingContext } from './video-processing.service';
import { storeFingerprint, type VideoFingerprint } from '../../moderation/reuploads';

/** The states of a video whose file its owner may replace: on the site, or unpublished by them. */
const REPLACEABLE: Video['status'][] = ['published', 'hidden', 'unpublished_user'];

export const REPLACEMENT_MESSAGES = {
  notReplaceable:
    'Only a processed video can get a new file: wait for it to be published (a video a moderator unpublished cannot)',
  busy: 'A new file of this video is already being processed',
} as const;

/** The replacement of a video, if one is under way or failed. */
export async function findReplacement(
  ctx: Pick<VideoProcessingContext, 'db'>,
  videoId: string,
): Promise<VideoReplacement | null> {
  const [row] = await ctx.db
    .select()
    .from(videoReplacements)
    .where(eq(videoReplacements.videoId, videoId))
    .limit(1);
  return row ?? null;
}

/**
 * Takes an (already validated) file as a video's new file: stored beside its source, then its
 * replacement row and its transcode job in one transaction. The video keeps its page, its
 * files and everything else meanwhile (docs/videos.md). Its owner or staff only; one at a time.
 */
export async function startReplacement(
  ctx: VideoProcessingContext & { actor: Actor },
  input: { videoId: string; sourcePath: string },
): Promise<VideoReplacement> {
  const { actor } = ctx;
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, input.videoId));
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  if (!canManageVideo(actor, video)) {
    throw new ServiceError('forbidden', 'Only the owner of this video can do that');
  }
  if (!REPLACEABLE.includes(video.status)) {
    throw new ServiceError('conflict', REPLACEMENT_MESSAGES.notReplaceable);
  }
  return queueReplacement(ctx, video, input.sourcePath);
}

/**
 * An ended live's full ladder, poster, sprites and fingerprint, made from its recording while
 * the replay made of its own segments plays (docs/live.md, "The end"): the recording goes in
 * as a new file does, and takes the replay's place the same way. Answers false when the video
 * is no longer on the site (removed meanwhile, or taken off it).
 */
export async function startReplayProcessing(
  ctx: VideoProcessingContext,
  input: { videoId: string; sourcePath: string },
): Promise<boolean> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, input.videoId));
  if (!video || !REPLACEABLE.includes(video.status)) return false;
  await queueReplacement(ctx, video, input.sourcePath);
  return true;
}

/** The file stored beside the video's source, then its replacement row and job at once. */
async function queueReplacement(
  ctx: VideoProcessingContext,
  video: Video,
  sourcePath: string,
): Promise<VideoReplacement> {
  const current = await findReplacement(ctx, video.id);
  if (current?.status === 'processing')
    throw new ServiceError('conflict', REPLACEMENT_MESSAGES.busy);
  const sourceKey = `videos/${video.id}/source/replacement-${randomBytes(6).toString('hex')}`;
  const jobId = randomUUID();
  const now = ctx.now();
  await ctx.storage.putFile(sourceKey, sourcePath);
  try {
    const row = await inTransaction(ctx, async (unit) => {
      // A failed one gives way; one that started meanwhile wins (the primary key).
      await unit.db
        .delete(videoReplacements)
        .where(
          and(eq(videoReplacements.videoId, video.id), eq(videoReplacements.status, 'failed')),
        );
      const [inserted] = await unit.db
        .insert(videoReplacements)
        .values({ videoId: video.id, sourceKey, jobId, status: 'processing', createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new ServiceError('conflict', REPLACEMENT_MESSAGES.busy);
      await ctx.queue.send(
        ctx.transcodeJob ?? transcodeVideoJob,
        { videoId: video.id, replacement: true },
        { on: unit, id: jobId },
      );
      return inserted;
    });
    if (current?.status === 'failed') {
      await ctx.storage.deleteObject(current.sourceKey).catch(() => undefined);
    }
    return row;
  } catch (error) {
    await ctx.storage.deleteObject(sourceKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Puts a processed new file in place of the old, in one transaction that only succeeds while
 * its replacement is still under way: the video points at the new renditions (its status,
 * dates, counts, comments, votes and links untouched), its new file becomes its source and its
 * subtitle tracks their copies under the new prefix, and its fingerprint the new file's
 * (docs/reuploads.md). Answers what the old file left to remove (its source, and its master
 * playlist: a live's replay made of its segments leaves the live's media),
 * or null when the replacement (or the video) went meanwhile. The caller announces it (the
 * `published` event) once the old files are removed.
 */
export async function finishReplacement(
  ctx: VideoProcessingContext,
  input: PublishInput & {
    sourceKey: string;
    subtitleKeys: Record<string, string>;
    fingerprint?: Pick<VideoFingerprint, 'sampleCount' | 'frames' | 'centres' | 'sound'>;
  },
): Promise<{
  oldSourceKey: string | null;
  oldMasterPlaylistKey: string | null;
  ownerId: string;
} | null> {
  const now = ctx.now();
  const done = await inTransaction(ctx, async ({ db: tx }) => {
    const [taken] = await tx
      .delete(videoReplacements)
      .where(
        and(
          eq(videoReplacements.videoId, input.videoId),
          eq(videoReplacements.sourceKey, input.sourceKey),
          eq(videoReplacements.status, 'processing'),
        ),
      )
      .returning({ videoId: videoReplacements.videoId });
    if (!taken) return null;
    const [before] = await tx
      .select({ sourceKey: videos.sourceKey, masterPlaylistKey: videos.masterPlaylistKey })
      .from(videos)
      .where(eq(videos.id, input.videoId));
    const [row] = await tx
      .update(videos)
      .set({
        sourceKey: input.sourceKey,
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
        updatedAt: now,
      })
      .where(and(eq(videos.id, input.videoId), inArray(videos.status, REPLACEABLE)))
      .returning({ ownerId: videos.ownerId });
    if (!row) return null;
    for (const [language, key] of Object.entries(input.subtitleKeys)) {
      await tx
        .update(videoSubtitles)
        .set({ key })
        .where(
          and(eq(videoSubtitles.videoId, input.videoId), eq(videoSubtitles.language, language)),
        );
    }
    if (input.fingerprint) await storeFingerprint(tx, input.videoId, input.fingerprint);
    return {
      oldSourceKey: before?.sourceKey ?? null,
      oldMasterPlaylistKey: before?.masterPlaylistKey ?? null,
      ownerId: row.ownerId,
    };
  });
  return done;
}

/** Marks a replacement failed with a reason its owner can read; the video plays on as it was. */
export async function failReplacement(
  ctx: Pick<VideoProcessingContext, 'db'>,
  videoId: string,
  reason: string,
): Promise<void> {
  await ctx.db
    .update(videoReplacements)
    .set({ status: 'failed', failureReason: reason.slice(0, 500) })
    .where(and(eq(videoReplacements.videoId, videoId), eq(videoReplacements.status, 'processing')));
}
