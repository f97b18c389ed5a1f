import { defineRawRoute } from '../../../kernel/raw-route';

/** oEmbed for video pages (JSON only). */
export const oembedRoute = defineRawRoute({
  path: '/api/oembed',
  methods: ['GET'],
  right: 'view',
  summary: 'oEmbed of a video page: `url`, optional `maxwidth` and `maxheight`; JSON only.',
  refusal: 'status',
});

/**
 * An open video page's events: its file was replaced (`media`), so the page loads the new one
 * (docs/videos.md, Replacing the file); `access` as the stream ends for a reader who may no
 * longer open it. For whoever may fetch the video's media; 404 otherwise.
 */
export const videoEventsRoute = defineRawRoute({
  path: '/api/videos/[videoId]/events',
  methods: ['GET'],
  right: 'view',
  summary:
    "Server-sent events of a video's open page: `media` when a new file is in place and plays (the page loads it); `access`, and the stream ends, when the reader may no longer open it. 404 for a video whose media the reader may not fetch (a password video's: without its unlock).",
  refusal: 'status',
});
