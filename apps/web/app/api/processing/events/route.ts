import type { ProcessingEvent } from '@cutroom/core/videos/processing-events';
import { getRuntime } from '@/lib/runtime';
import { getViewer } from '@/lib/session';

export const dynamic = 'force-dynamic';

/** Keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

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
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send('retry: 3000\n\n');
      const unsubscribe = media.events.subscribe(
        (event: ProcessingEvent) =>
          send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        { ownerId: viewer.id },
      );
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener('abort', () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: compression would hold events back until a buffer fills.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
