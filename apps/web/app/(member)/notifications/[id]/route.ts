import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import { NotificationId } from '@cutroom/core/features/people/notifications/notifications.schema';
import { openNotificationRoute } from '@cutroom/core/features/people/notifications/notifications.routes';
import { openNotification } from '@cutroom/core/features/people/notifications/notifications.service';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';
import { safeRedirectPath } from '@cutroom/core/kernel/safe-redirect';

export const dynamic = 'force-dynamic';

/**
 * Following a notification: marks it read and goes on to what it is about. A visitor is sent
 * to sign in first; someone else's notification leads back to the list.
 */
export const GET = rawRoute<{ id: string }>(openNotificationRoute, async (_request, context) => {
  const { id } = context.params;
  const viewer = context.viewer!;
  const { database, media, log } = await getRuntime();
  // A path, not an address: the browser stays on the host name it used (the session cookie is
  // that host's), whichever of the site's names it is.
  const to = (path: string) => new Response(null, { status: 303, headers: { location: path } });
  const parsed = NotificationId.safeParse(id);
  if (!parsed.success) return to('/notifications');
  try {
    const opened = await openNotification(
      { db: database.db, actor: viewer, now: () => new Date() },
      { events: media.events, queue: media.queue, log },
      parsed.data,
    );
    return to(safeRedirectPath(opened.targetPath));
  } catch (error) {
    if (error instanceof ServiceError) return to('/notifications');
    throw error;
  }
});
