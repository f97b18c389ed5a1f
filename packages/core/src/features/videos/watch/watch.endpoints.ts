import { requireAccountServices } from '../../accounts/auth';
import { z } from 'zod';
import { defineEndpoint } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { countView } from './watch.service';
import { VIDEO_INACCESSIBLE_MESSAGE, VIDEO_MISSING_MESSAGE } from '../../../access/video-rules';

/** Sent by the video page once playback starts: a view counts once per viewer per day. */
export const countViewEndpoint = defineEndpoint({
  path: '/api/v2/view',
  right: 'view',
  summary:
    'Count a view of a video the viewer may open (once per viewer per day); 404 for one they may not.',
  input: z.object({ videoId: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'Unknown video id') }),
  output: z.object({ counted: z.boolean() }),
  async handle({ videoId }, context) {
    const outcome = await countView(context, {
      videoId,
      ip: context.ip,
      secret: requireAccountServices(context).settings.secret,
    });
    if (outcome === 'missing') throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
    // Nothing counted: the same refusal as the video's other calls to someone who may not open it.
    if (outcome === 'refused') throw new ServiceError('not_found', VIDEO_INACCESSIBLE_MESSAGE);
    return { body: { counted: outcome === 'counted' } };
  },
});
