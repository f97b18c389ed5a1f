import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  newVersionPrefix,
  removeStaleVersions,
  stageFolder,
} from '@cutroom/core/platform/storage/rendition-folder';
import {
  createProgressRecorder,
  findVideo,
  forgetPlayableVideo,
  markVideoFailed,
  publishProcessedVideo,
  recordPlayableVideo,
  type VideoProcessingContext,
} from '@cutroom/core/features/videos/processing/video-processing.service';
import {
  findMatches,
  storeFingerprint,
} from '@cutroom/core/features/moderation/reuploads/reuploads.service';
import { fingerprintVideo, type PictureSource } from './fingerprint';
import type { MediaConfig } from './media-config';
import { MASTER_PLAYLIST, processVideoFiles, type ProcessedVideo } from './process-video';
import { InvalidMediaError, probeMedia } from './probe';
import { createWorkDir, SOURCE_NAME, stageInput } from './work-dirs';

export interface TranscodeContext extends VideoProcessingContext {
  media: MediaConfig;
  /** Minimum time between two stored progress values. */
  progressIntervalMs?: number;
}

export interface TranscodeRequest {
  videoId: string;
  /** Aborted when the queue takes the job back (cancelled, or its claim lapsed). */
  signal?: AbortSignal;
  /** On the last attempt a failure marks the video failed instead of asking for a retry. */
  isFinalAttempt: boolean;
}

export type TranscodeOutcome = 'published' | 'held' | 'failed' | 'skipped' | 'gone';

class VideoGoneError extends Error {
  constructor() {
    super('The video was cancelled or deleted during processing');
  }
}

/**
 * One attempt at processing a video. Safe to run again after a crash at any point: renditions
 * go to a fresh version prefix that becomes visible only through the publishing transaction,
 * a video already published is left alone, and leftovers of earlier attempts are swept once
 * this one is published.
 */
export async function transcodeVideo(
  ctx: TranscodeContext,
  request: TranscodeRequest,
): Promise<TranscodeOutcome> {
  const { videoId } = request;
  const video = await findVideo(ctx, videoId);
  if (!video || video.status !== 'processing' || !video.sourceKey) return 'skipped';

  const workDir = await createWorkDir(ctx.media.tmpDir ?? tmpdir(), videoId);
  const stop = new AbortController();
  const onQueueAbort = () => stop.abort(request.signal?.reason ?? new Error('Job taken back'));
  request.signal?.addEventListener('abort', onQueueAbort, { once: true });
  if (request.signal?.aborted) onQueueAbort();
  const progress = createProgressRecorder(ctx, videoId, {
    intervalMs: ctx.progressIntervalMs,
    onGone: () => stop.abort(new VideoGoneError()),
  });
  let stagedPrefix: string | null = null;
  let playablePrefix: string | null = null;
  try {
    const input = await localSource(ctx, video.sourceKey, workDir);
    const probe = { ffprobePath: ctx.media.ffprobePath, signal: stop.signal };
    const info = await probeMedia(input, probe);
    const outputDir = join(workDir, 'out');
    await mkdir(outputDir);
    // One version prefix for the attempt: the first rendition is staged there and played from
    // it, and the rest of the ladder joins it, so nothing being played is ever removed.
    const prefix = newVersionPrefix(videoId, ctx.now());
    const result = await processVideoFiles({
      input,
      outputDir,
      info,
      ffmpegPath: ctx.media.ffmpegPath,
      ffprobePath: ctx.media.ffprobePath,
      x264Preset: ctx.media.x264Preset,
      withAv1: ctx.media.isAv1Enabled,
      onProgress: (p) => progress.report(Math.min(p, 99)),
      onFirstRendition: async (first) => {
        stagedPrefix = prefix;
        await stageFolder(ctx.storage, outputDir, prefix, { last: [MASTER_PLAYLIST] });
        const isProcessing = await recordPlayableVideo(ctx, {
          videoId,
          mediaPrefix: prefix,
          masterPlaylistKey: prefix + first.masterPlaylist,
          posterKey: prefix + first.poster,
          posterWebpKey: first.posterWebp ? prefix + first.posterWebp : null,
          durationSeconds: first.durationSeconds,
          width: first.width,
          height: first.height,
          aspectRatio: first.aspectRatio,
          quality: first.quality,
        });
        if (!isProcessing) throw new VideoGoneError();
        playablePrefix = prefix;
      },
      signal: stop.signal,
    });
    // The fingerprint, kept before the video is published (docs/reuploads.md): a cheap run
    // over the smallest rendition (the sound from the source) into a folder of its own, never
    // staged with the renditions.
    const fingerprint = await fingerprintVideo({
      input,
      info,
      pictures: smallestRendition(outputDir, result),
      outputDir: join(workDir, 'fingerprint'),
      ffmpegPath: ctx.media.ffmpegPath,
      signal: stop.signal,
    });
    await storeFingerprint(ctx.db, videoId, fingerprint);
    // Another member's video it copies holds it before publishing; the uploader's own never do.
    const matches = await findMatches(ctx.db, fingerprint, { videoId, ownerId: video.ownerId });
    await progress.flush();
    stop.signal.throwIfAborted();

    stagedPrefix = prefix;
    await stageFolder(ctx.storage, outputDir, prefix, { last: [MASTER_PLAYLIST] });
    const outcome = await publishProcessedVideo(
      ctx,
      { videoId, ...processedColumns(prefix, result) },
      matches,
    );
    if (!outcome) {
      await ctx.storage.deletePrefix(prefix);
      return 'gone';
    }
    stagedPrefix = null;
    await removeStaleVersions(ctx.storage, videoId, prefix);
    return outcome;
  } catch (error) {
    if (playablePrefix) {
      await forgetPlayableVideo(ctx, videoId, playablePrefix).catch(() => undefined);
    }
    if (stagedPrefix) await ctx.storage.deletePrefix(stagedPrefix).catch(() => undefined);
    if (error instanceof VideoGoneError) return 'gone';
    if (error instanceof InvalidMediaError) {
      await markVideoFailed(ctx, videoId, error.message);
      return 'failed';
    }
    if (stop.signal.reason instanceof VideoGoneError || progress.isGone) return 'gone';
    if (request.isFinalAttempt && !request.signal?.aborted) {
      const message = error instanceof Error ? error.message : String(error);
      await markVideoFailed(ctx, videoId, `Processing failed: ${message}`);
      return 'failed';
    }
    throw error;
  } finally {
    request.signal?.removeEventListener('abort', onQueueAbort);
    await progress.flush();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The ladder's smallest rendition's playlist: the cheapest pictures to fingerprint. */
function smallestRendition(outputDir: string, result: ProcessedVideo): PictureSource | undefined {
  const smallest = result.renditions.reduce<ProcessedVideo['renditions'][number] | undefined>(
    (least, rendition) => (!least || rendition.quality < least.quality ? rendition : least),
    undefined,
  );
  if (!smallest) return undefined;
  return { path: join(outputDir, 'hls', smallest.name, 'index.m3u8'), demuxer: 'hls' };
}

/** A processed video's columns: its files' keys under the version's prefix, and its shape. */
export function processedColumns(prefix: string, result: ProcessedVideo) {
  const key = (path: string | null) => (path ? prefix + path : null);
  return {
    mediaPrefix: prefix,
    masterPlaylistKey: prefix + result.masterPlaylist,
    posterKey: prefix + result.poster,
    posterWebpKey: key(result.posterWebp),
    spritesVttKey: key(result.spritesVtt),
    av1Key: key(result.av1),
    frameKeys: result.frames.map((frame) => prefix + frame),
    durationSeconds: result.durationSeconds,
    width: result.width,
    height: result.height,
    aspectRatio: result.aspectRatio,
    topQuality: result.topQuality,
  };
}

/**
 * The source inside the attempt's work folder, where every ffmpeg and ffprobe run reads it:
 * the stored file linked in on local storage, else a download.
 */
export async function localSource(ctx: TranscodeContext, sourceKey: string, workDir: string) {
  const direct = ctx.storage.localPath?.(sourceKey);
  if (direct && existsSync(direct)) return stageInput(direct, workDir);
  const path = join(workDir, SOURCE_NAME);
  const { body } = await ctx.storage.getStream(sourceKey);
  await pipeline(body, createWriteStream(path));
  return path;
}
