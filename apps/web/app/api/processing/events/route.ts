import { memberEventStream } from '@/lib/event-stream';
import { getRuntime } from '@/lib/runtime';
import { getViewer } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * Server-sent events of the signed-in member's own videos: progress, published, failed,
 * removed. The processing page and the owner's profile listen to it.
 */
export async function GET(request: Request) {
  const viewer = await getViewer(request.headers);
  if (!viewer) {
    return Response.json({ error: 'Please sign in', httpStatusCode: 401 }, { status: 401 });
  }
  const { media } = await getRuntime();
  return memberEventStream(
    request,
    media.events,
    viewer.id,
    (event) => event.type !== 'notifications',
  );
}
