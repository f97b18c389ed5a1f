import { defineRawRoute } from '../../../kernel/raw-route';

/** oEmbed for video pages (JSON only). */
export const oembedRoute = defineRawRoute({
  path: '/api/oembed',
  methods: ['GET'],
  right: 'view',
  summary: 'oEmbed of a video page: `url`, optional `maxwidth` and `maxheight`; JSON only.',
  refusal: 'status',
});
