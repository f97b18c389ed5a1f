import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users, videoSubtitles, videos } from '@cutroom/core/platform/db/schema';
import {
  newVersionPrefix,
  stageFolder,
  staleVersions,
} from '@cutroom/core/platform/storage/rendition-folder';
import {
  removeOldMediaJob,
  type RemoveOldMediaPayload,
} from '@cutroom/core/platform/jobs/job-definitions';
import {
  failReplacement,
  findReplacement,
  finishReplacement,
} from '@cutroom/core/features/videos/processing/video-replacement.service';
import { findMatches } from '@cutroom/core/features/moderation/reuploads/reuploads.service';
import { holdAgainst, openableVideoIds } from '@cutroom/core/features/moderation/reuploads/lineage';
import { refusedReplacementText } from '@cutroom/core/features/moderation/reuploads/reupload-messages';
import { notifyMany } from '@cutroom/core/features/people/notifications/index';
import { isLiveReplayKey, livePrefix } from '@cutroom/core/features/videos/live/live-media-keys';
import { unitOf } from '@cutroom/core/platform/db/unit-of-work';
import { fingerprintVideo } from './fingerprint';
import { MASTER_PLAYLIST, processVideoFiles } from './process-video';
import { InvalidMediaError, probeMedia, requireAcceptedContainer } from './probe';
import {
  localSource,
  type TranscodeContext,
  type TranscodeOutcome,
  type TranscodeRequest,
  processedColumns,
} from './transcode-video';
import { createWorkDir } from './work-dirs';

/**
 * One attempt at a video's new file (docs/videos.md): the same checks and ladder as a first
 * upload, into a fresh version prefix, while the video plays its current files; then one
 * transaction puts the new files in their place, and the old ones are removed. Its subtitle
 * tracks are copied under the new prefix. A failure leaves the video as it was, the
 * replacement marked failed with its reason; so does a new file that matches another
 * member's video (docs/reuploads.md).
 */
export async function replaceVideoFile(
  ctx: TranscodeContext,
  request: TranscodeRequest,
): Promise<TranscodeOutcome> {
  const { videoId } = request;
  const replacement = await findReplacement(ctx, videoId);
  if (!replacement || replacement.status !== 'processing') return 'skipped';
  const workDir = await createWorkDir(ctx.media.tmpDir ?? tmpdir(), videoId);
  const prefix = newVersionPrefix(videoId, ctx.now());
  let isStaged = false;
  try {
    const input = await localSource(ctx, replacement.sourceKey, workDir);
    await requireAcceptedContainer(input);
    const info = await probeMedia(input, {
      ffprobePath: ctx.media.ffprobePath,
      signal: request.signal,
    });
    // Looked up like a new upload, before the ladder's work: a file that copies another
    // member's video is refused, and the video plays its current file on (docs/reuploads.md).
    const fingerprint = await fingerprintVideo({
      input,
      info,
      outputDir: join(workDir, 'fingerprint'),
      ffmpegPath: ctx.media.ffmpegPath,
      signal: request.signal,
    });
    const [video] = await ctx.db
      .select({ ownerId: videos.ownerId })
      .from(videos)
      .where(eq(videos.id, videoId));
    if (!video) return 'gone';
    // Weighed by lineage as a new upload is: copies of the owner's own work never refuse it.
    const held = await holdAgainst(
      ctx.db,
      await findMatches(ctx.db, fingerprint, { videoId, ownerId: video.ownerId }),
      video.ownerId,
    );
    if (held) {
      const match = held.matches[0]!;
      const [matched] = await ctx.db
        .select({ title: videos.title })
        .from(videos)
        .where(eq(videos.id, match.videoId));
      // A video its owner may not open is named "a private video" (docs/reuploads.md).
      const [owner] = await ctx.db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.id, video.ownerId));
      const open = await openableVideoIds(ctx, owner ?? null, [match.videoId]);
      await failReplacement(
        ctx,
        videoId,
        refusedReplacementText(open.has(match.videoId) ? (matched?.title ?? null) : null, match),
      );
      return 'failed';
    }
    const outputDir = join(workDir, 'out');
    await mkdir(outputDir);
    const result = await processVideoFiles({
      input,
      outputDir,
      info,
      ffmpegPath: ctx.media.ffmpegPath,
      ffprobePath: ctx.media.ffprobePath,
      x264Preset: ctx.media.x264Preset,
      withAv1: ctx.media.isAv1Enabled,
      signal: request.signal,
    });
    isStaged = true;
    await stageFolder(ctx.storage, outputDir, prefix, { last: [MASTER_PLAYLIST] });
    // The tracks live under the renditions' prefix: they move with them.
    const tracks = await ctx.db
      .select()
      .from(videoSubtitles)
      .where(eq(videoSubtitles.videoId, videoId));
    const subtitleKeys: Record<string, string> = {};
    for (const track of tracks) {
      const key = `${prefix}subtitles/${basename(track.key)}`;
      const { body } = await ctx.storage.getStream(track.key);
      await ctx.storage.putStream(key, body, { contentType: 'text/vtt; charset=utf-8' });
      subtitleKeys[track.language] = key;
    }
    const done = await finishReplacement(ctx, {
      videoId,
      sourceKey: replacement.sourceKey,
      subtitleKeys,
      fingerprint,
      ...processedColumns(prefix, result),
    });
    if (!done) {
      await ctx.storage.deletePrefix(prefix);
      return 'gone';
    }
    isStaged = false;
    // The previous files, and a live's own segments its replay played from until now, go
    // once open pages have followed the new ones.
    const replaced = await staleVersions(ctx.storage, videoId, prefix);
    const wasLiveReplay = isLiveReplayKey(done.oldMasterPlaylistKey);
    if (wasLiveReplay) replaced.push(livePrefix(videoId));
    if (done.oldSourceKey && done.oldSourceKey !== replacement.sourceKey) {
      await ctx.storage.deleteObject(done.oldSourceKey).catch(() => undefined);
    }
    // Every node drops its cached pages and listings: the page names the new files at once,
    // and open pages of the video load them (docs/videos.md).
    ctx.events.publish({ type: 'published', videoId, ownerId: done.ownerId });
    await scheduleOldMediaRemoval(ctx, { videoId, prefixes: replaced });
    // Its owner is told the new file is in place. Telling is never why the replacement fails.
    const [titled] = await ctx.db
      .select({ title: videos.title })
      .from(videos)
      .where(eq(videos.id, videoId));
    await notifyMany({ ...unitOf(ctx), now: () => ctx.now() }, ctx, [
      {
        userId: done.ownerId,
        kind: 'video_processed',
        targetPath: `/video/${videoId}`,
        targetTitle: titled?.title ?? '',
        detail: wasLiveReplay
          ? 'Its replay has finished processing: every quality, its preview and its poster are in.'
          : 'Its new file has finished processing and plays now.',
      },
    ]).catch(() => undefined);
    return 'published';
  } catch (error) {
    if (isStaged) await ctx.storage.deletePrefix(prefix).catch(() => undefined);
    if (error instanceof InvalidMediaError) {
      await failReplacement(ctx, videoId, error.message);
      return 'failed';
    }
    if (request.isFinalAttempt && !request.signal?.aborted) {
      const message = error instanceof Error ? error.message : String(error);
      await failReplacement(ctx, videoId, `Processing failed: ${message}`);
      return 'failed';
    }
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * A video's previous files stay OLD_MEDIA_GRACE_SECONDS after new ones take their place: a
 * page playing them follows the new files on the event (docs/videos.md) instead of meeting
 * missing segments. With no grace, or when the job cannot be queued, they go at once.
 */
async function scheduleOldMediaRemoval(
  ctx: TranscodeContext,
  payload: RemoveOldMediaPayload,
): Promise<void> {
  if (payload.prefixes.length === 0) return;
  const grace = ctx.media.oldMediaGraceSeconds;
  if (grace > 0) {
    const queued = await ctx.queue
      .send(removeOldMediaJob, payload, { startAfterSeconds: grace })
      .then(() => true)
      .catch(() => false);
    if (queued) return;
  }
  await removeOldMedia(ctx, payload);
}

/**
 * Removes a video's replaced files (the `media.remove-old` job): never a folder the video
 * plays from now, should it have gone back to one (a decision undone meanwhile).
 */
export async function removeOldMedia(
  ctx: Pick<TranscodeContext, 'db' | 'storage'>,
  { videoId, prefixes }: RemoveOldMediaPayload,
): Promise<void> {
  const [video] = await ctx.db
    .select({ mediaPrefix: videos.mediaPrefix, master: videos.masterPlaylistKey })
    .from(videos)
    .where(eq(videos.id, videoId));
  const inUse = [video?.mediaPrefix, video?.master].filter((key): key is string => !!key);
  for (const prefix of prefixes) {
    if (inUse.some((key) => key.startsWith(prefix))) continue;
    await ctx.storage.deletePrefix(prefix);
  }
}
