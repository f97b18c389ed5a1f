import { z } from 'zod';
import {
  defineEndpoint,
  requireMediaServices,
  type RequestContext,
} from '@cutroom/core/kernel/endpoint';
import { mediaConfigFrom } from '../media-config';
import {
  PublishUploadInput,
  publishUpload,
  ReplaceFileInput,
  replaceWithUpload,
  UPLOAD_REFUSAL,
} from './upload.service';

/** A request's finished upload published with its details (the site's and the partner's call). */
export function publishUploadFor(context: RequestContext, input: PublishUploadInput) {
  const media = requireMediaServices(context);
  return publishUpload(
    {
      db: context.db,
      actor: context.actor,
      now: context.now,
      ...media,
      media: mediaConfigFrom(context.config),
    },
    input,
  );
}

/** Publishes a finished upload with its details; the video then processes. */
export const publishUploadEndpoint = defineEndpoint({
  path: '/api/v2/upload',
  right: 'upload',
  refusal: UPLOAD_REFUSAL,
  summary:
    'Publish a finished resumable upload (tus, at /api/uploads) with its title, description, category, labels and flags. Answers the new video, in processing.',
  input: PublishUploadInput,
  output: z.object({ video: z.object({ id: z.string(), slug: z.string(), status: z.string() }) }),
  async handle(input, context) {
    const video = await publishUploadFor(context, input);
    return {
      status: 201,
      body: { video: { id: video.id, slug: video.slug, status: video.status } },
    };
  },
});

/** Gives an existing video a new file (docs/videos.md); the video plays on meanwhile. */
export const replaceFileEndpoint = defineEndpoint({
  path: '/api/v2/replaceFile',
  right: 'upload',
  refusal: UPLOAD_REFUSAL,
  summary:
    'Give one of your videos (`_id`) a new file: a finished resumable upload (`uploadId`), checked and processed like a first upload while the video keeps playing its current file, then put in its place. Its page, comments, votes, statistics and links stay.',
  input: ReplaceFileInput,
  output: z.object({ replacement: z.object({ status: z.string() }) }),
  async handle(input, context) {
    const media = requireMediaServices(context);
    const replacement = await replaceWithUpload(
      {
        db: context.db,
        actor: context.actor,
        now: context.now,
        ...media,
        media: mediaConfigFrom(context.config),
      },
      input,
    );
    return { status: 202, body: { replacement: { status: replacement.status } } };
  },
});
