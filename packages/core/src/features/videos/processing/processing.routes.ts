import { defineRawRoute } from '../../../kernel/raw-route';

/** Progress of the member's own uploads, live: the processing page and their profile. */
export const processingEventsRoute = defineRawRoute({
  path: '/api/processing/events',
  methods: ['GET'],
  right: 'upload',
  summary:
    "Server-sent events of the signed-in member's own videos: progress, a quality ready, published, failed, removed.",
  refusal: 'status',
});
