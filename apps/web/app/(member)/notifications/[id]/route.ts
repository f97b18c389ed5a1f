import { ServiceError } from '@cutroom/core/api/service-error';
import { NotificationId } from '@cutroom/core/notifications/notifications.schema';
import { openNotification } from '@cutroom/core/notifications/notifications.service';
import { getRuntime } from '@/lib/runtime';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { getViewer } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * Following a notification: marks it read and goes on to what it is about. A visitor is sent
 * to sign in first; someone else's notification leads back to the list.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { config, database, media, log } = await getRuntime();
  const to = (path: string) =>
    new Response(null, {
      status: 303,
      headers: { location: new URL(path, config.PUBLIC_URL).toString() },
    });
  const viewer = await getViewer(request.headers);
  if (!viewer) return to(`/login?next=${encodeURIComponent(`/notifications/${id}`)}`);
  const parsed = NotificationId.safeParse(id);
  if (!parsed.success) return to('/notifications');
  try {
    const opened = await openNotification(
      database.db,
      { events: media.events, queue: media.queue, log },
      viewer,
      parsed.data,
    );
    return to(safeRedirectPath(opened.targetPath));
  } catch (error) {
    if (error instanceof ServiceError) return to('/notifications');
    throw error;
  }
}
