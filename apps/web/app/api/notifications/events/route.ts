import { notificationEventsRoute } from '@cutroom/core/features/people/notifications/notifications.routes';
import { memberEventRoute } from '@/lib/server/event-stream';

export const dynamic = 'force-dynamic';

/**
 * Server-sent events telling the signed-in member that their notifications changed (a new one
 * arrived, or some were read in another tab): the bell in the top bar asks for the count again.
 */
export const GET = memberEventRoute(
  notificationEventsRoute,
  (event) => event.type === 'notifications',
);
