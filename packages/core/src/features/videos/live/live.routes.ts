import { defineRawRoute } from '../../../kernel/raw-route';

/** A live page's events: its chat changed, the number watching, the live ended (docs/live.md). */
export const liveEventsRoute = defineRawRoute({
  path: '/api/live/[videoId]/events',
  methods: ['GET'],
  right: 'view',
  summary:
    'Server-sent events of a live on air: its chat changed (`chat`), how many are watching (`watching`, counting this page while it is open) its end (`live-ended`), and a scheduled live beginning (`published`).',
  refusal: 'status',
});
