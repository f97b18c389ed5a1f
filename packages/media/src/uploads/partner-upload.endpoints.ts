import { z } from 'zod';
import { defineEndpoint } from '@cutroom/core/kernel/endpoint';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import {
  addToChannel,
  NOT_YOUR_CHANNEL_MESSAGE,
  requireManagedPartner,
} from '@cutroom/core/features/money/partner/partner.service';
import { publishUploadFor } from './upload.endpoints';
import { PublishUploadInput } from './upload.service';

/**
 * Publishes a finished upload into the partner channel (/{PARTNER_SLUG}/upload): the site's
 * upload, with the premium switch. Only the channel's partner account uploads into it.
 */
export const publishPartnerUploadEndpoint = defineEndpoint({
  path: '/api/v2/partnerUpload',
  right: 'partner',
  summary:
    'Publish a finished resumable upload into the partner channel, like /api/v2/upload, with `isPremium` (subscribers only). Partner account only.',
  input: PublishUploadInput.extend({ isPremium: z.boolean().default(false) }),
  output: z.object({
    video: z.object({
      id: z.string(),
      slug: z.string(),
      status: z.string(),
      isPremium: z.boolean(),
    }),
  }),
  async handle({ isPremium, ...input }, context) {
    const partner = await requireManagedPartner(context, context.config.PARTNER_SLUG);
    // The channel's videos are the partner's own: an administrator manages, but does not upload.
    if (context.actor?.id !== partner.userId) {
      throw new ServiceError('forbidden', NOT_YOUR_CHANNEL_MESSAGE);
    }
    // The site's own publish, then the video joins the channel.
    const video = await publishUploadFor(context, input);
    await addToChannel(context.db, partner, video.id, isPremium);
    return {
      status: 201,
      body: { video: { id: video.id, slug: video.slug, status: video.status, isPremium } },
    };
  },
});
