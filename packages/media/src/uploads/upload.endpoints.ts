import { z } from 'zod';
import {
  defineEndpoint,
  requireMediaServices,
  type RequestContext,
} from '@cutroom/core/api/endpoint';
import { mediaConfigFrom } from '../media-config';
import { PublishUploadInput, publishUpload, UPLOAD_REFUSAL } from './upload.service';

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
