import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import type { Video } from '@cutroom/core/platform/db/schema';
import type { NewVideoInput } from '@cutroom/core/features/videos/processing/video-processing.schema';
import {
  createVideoForProcessing,
  type VideoProcessingContext,
} from '@cutroom/core/features/videos/processing/video-processing.service';
import { mediaConfigFrom, type MediaConfig } from './media-config';
import { InvalidMediaError, probeMedia, requireAcceptedContainer, type MediaInfo } from './probe';
import { PROBE_DIR_PREFIX, stageInput } from './work-dirs';

export interface AcceptUploadInput {
  /** The finished upload on this machine. */
  filePath: string;
  /** Delete `filePath` afterwards, accepted or not (default true): nothing is left behind. */
  shouldRemoveFile?: boolean;
}

/**
 * Probes an uploaded file; one that is not a usable video is refused with the reason. Its
 * container is recognised from its first bytes before any tool runs (a playlist, concat list
 * or picture is refused there); ffprobe then reads it linked into a scratch folder of its own,
 * removed afterwards.
 */
export async function probeUploadedVideo(
  filePath: string,
  options: { ffprobePath?: string; tmpDir?: string } = {},
): Promise<MediaInfo> {
  const scratchBase = options.tmpDir ?? tmpdir();
  let scratch: string | null = null;
  try {
    await requireAcceptedContainer(filePath);
    await mkdir(scratchBase, { recursive: true });
    scratch = await mkdtemp(join(scratchBase, PROBE_DIR_PREFIX));
    const input = await stageInput(filePath, scratch);
    return await probeMedia(input, { ffprobePath: options.ffprobePath ?? 'ffprobe' });
  } catch (error) {
    if (error instanceof InvalidMediaError) throw new ServiceError('invalid', error.message);
    throw error;
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The upload endpoint's one call: validates the file by its content (ffprobe must find a video
 * stream), then stores it and creates the video in 'processing' with its transcode job. A file
 * that is not a video answers ServiceError('invalid') with a message for the uploader, and
 * leaves no row and no stored object.
 */
export async function acceptUploadedVideo(
  ctx: VideoProcessingContext & { media?: MediaConfig },
  input: NewVideoInput & AcceptUploadInput,
): Promise<{ video: Video; info: MediaInfo }> {
  const media = ctx.media ?? mediaConfigFrom();
  try {
    const info = await probeUploadedVideo(input.filePath, {
      ffprobePath: media.ffprobePath,
      tmpDir: media.tmpDir,
    });
    const { filePath, shouldRemoveFile: _, ...metadata } = input;
    const video = await createVideoForProcessing(ctx, { ...metadata, sourcePath: filePath });
    return { video, info };
  } finally {
    if (input.shouldRemoveFile !== false) await rm(input.filePath, { force: true });
  }
}
