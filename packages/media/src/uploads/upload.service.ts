import { z } from 'zod';
import { requireMemberRight, type RefusalMessages } from '@cutroom/core/access/rights';
import type { Actor } from '@cutroom/core/kernel/endpoint';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import type { Video, VideoReplacement } from '@cutroom/core/platform/db/schema';
import { startReplacement } from '@cutroom/core/features/videos/processing/video-replacement.service';
import type { UploadedFile, UploadedFiles } from '@cutroom/core/platform/uploads/uploaded-files';
import { NewVideoInput } from '@cutroom/core/features/videos/processing/video-processing.schema';
import type { VideoProcessingContext } from '@cutroom/core/features/videos/processing/video-processing.service';
import { acceptUploadedVideo, probeUploadedVideo } from '../accept-upload';
import type { MediaConfig } from '../media-config';

export const UPLOAD_GONE_MESSAGE =
  'This upload does not exist or has expired. Please upload the file again.';
export const SIGN_IN_TO_UPLOAD_MESSAGE = 'Please sign in to upload videos';
export const VERIFY_TO_UPLOAD_MESSAGE = 'Please verify your e-mail address before uploading';
export const OUT_OF_SPACE_MESSAGE =
  'The server is out of storage space, so this video could not be kept. Please try again later.';

/** A write refused because the disk (or the owner's quota) is full. */
export const isOutOfSpaceError = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

/** Upload ids are made by the upload server: 32 hexadecimal characters. */
export const UploadId = z.string().regex(/^[a-f0-9]{32}$/, 'Unknown upload id');

export const PublishUploadInput = NewVideoInput.omit({ ownerId: true }).extend({
  uploadId: UploadId,
});
export type PublishUploadInput = z.input<typeof PublishUploadInput>;

/** How a refused upload is worded. */
export const UPLOAD_REFUSAL: RefusalMessages = {
  signIn: SIGN_IN_TO_UPLOAD_MESSAGE,
  unverified: VERIFY_TO_UPLOAD_MESSAGE,
};

/** Uploading needs the upload right: a signed-in member with a verified e-mail address. */
export function requireUploader(actor: Actor | null): Actor {
  return requireMemberRight(actor, 'upload', UPLOAD_REFUSAL);
}

/**
 * Checks a just-finished upload by its content, so the uploader learns at once that a file is
 * not a video; a refused file is removed, leaving nothing behind.
 */
export async function validateUploadedFile(
  uploads: UploadedFiles,
  upload: UploadedFile,
  options: { ffprobePath?: string; tmpDir?: string } = {},
): Promise<void> {
  try {
    await probeUploadedVideo(upload.path, options);
  } catch (error) {
    if (error instanceof ServiceError) await uploads.remove(upload.id);
    throw error;
  }
}

/**
 * Turns a finished upload of the actor's into a video: checked by content, stored as the
 * video's source, the row and its transcode job created together. The upload is removed
 * whatever the outcome, so a refused file leaves no video row and no files.
 */
export async function publishUpload(
  context: VideoProcessingContext & {
    actor: Actor | null;
    uploads: UploadedFiles;
    media?: MediaConfig;
  },
  input: PublishUploadInput,
): Promise<Video> {
  const actor = requireUploader(context.actor);
  const { uploadId, ...metadata } = PublishUploadInput.parse(input);
  const upload = await context.uploads.find(uploadId);
  if (!upload || upload.ownerId !== actor.id) {
    throw new ServiceError('not_found', UPLOAD_GONE_MESSAGE);
  }
  if (upload.size === undefined || upload.offset < upload.size) {
    throw new ServiceError('conflict', 'The upload is not finished yet.');
  }
  try {
    const { video } = await acceptUploadedVideo(context, {
      ...metadata,
      ownerId: actor.id,
      filePath: upload.path,
      shouldRemoveFile: false,
    });
    return video;
  } catch (error) {
    // Storing the source copy filled the disk: no row was made and its copy is removed.
    if (isOutOfSpaceError(error))
      throw new ServiceError('insufficient_storage', OUT_OF_SPACE_MESSAGE);
    throw error;
  } finally {
    await context.uploads.remove(upload.id);
  }
}

export const ReplaceFileInput = z.object({
  _id: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'Unknown video id'),
  uploadId: UploadId,
});
export type ReplaceFileInput = z.input<typeof ReplaceFileInput>;

/**
 * Gives an existing video of the actor's a finished upload as its new file (docs/videos.md):
 * checked by content as a first upload is, then processed while the video plays on. The
 * upload is removed whatever the outcome.
 */
export async function replaceWithUpload(
  context: VideoProcessingContext & {
    actor: Actor | null;
    uploads: UploadedFiles;
    media?: MediaConfig;
  },
  input: ReplaceFileInput,
): Promise<VideoReplacement> {
  const actor = requireUploader(context.actor);
  const { _id, uploadId } = ReplaceFileInput.parse(input);
  const upload = await context.uploads.find(uploadId);
  if (!upload || upload.ownerId !== actor.id) {
    throw new ServiceError('not_found', UPLOAD_GONE_MESSAGE);
  }
  if (upload.size === undefined || upload.offset < upload.size) {
    throw new ServiceError('conflict', 'The upload is not finished yet.');
  }
  try {
    await probeUploadedVideo(upload.path, {
      ffprobePath: context.media?.ffprobePath,
      tmpDir: context.media?.tmpDir,
    });
    return await startReplacement({ ...context, actor }, { videoId: _id, sourcePath: upload.path });
  } catch (error) {
    if (isOutOfSpaceError(error))
      throw new ServiceError('insufficient_storage', OUT_OF_SPACE_MESSAGE);
    throw error;
  } finally {
    await context.uploads.remove(upload.id);
  }
}
