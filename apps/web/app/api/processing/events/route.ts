import { processingEventsRoute } from '@cutroom/core/features/videos/processing/processing.routes';
import { memberEventRoute } from '@/lib/server/event-stream';

export const dynamic = 'force-dynamic';

/**
 * Server-sent events of the signed-in member's own videos: progress, published, failed,
 * removed. The processing page and the owner's profile listen to it.
 */
export const GET = memberEventRoute(
  processingEventsRoute,
  (event) => event.type !== 'notifications',
);
