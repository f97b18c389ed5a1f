import { memberEventStream } from '@/lib/event-stream';
import { getRuntime } from '@/lib/runtime';
import { getViewer } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * Server-sent events telling the signed-in member that their notifications changed (a new one
 * arrived, or some were read in another tab): the bell in the top bar asks for the count again.
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
    (event) => event.type === 'notifications',
  );
}
