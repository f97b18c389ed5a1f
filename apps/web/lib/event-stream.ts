import type { RawRoute } from '@cutroom/core/api/raw-route';
import type { ProcessingEvent, ProcessingEvents } from '@cutroom/core/videos/processing-events';
import { rawRoute } from './raw-route';
import { getRuntime } from './runtime';

/** Keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * A server-sent event stream of one member's events from the process's event fan-out (which
 * PostgreSQL LISTEN/NOTIFY feeds from the other processes, docs/decisions/0021): each event
 * `pick` keeps goes out named by its type. Ends when the browser goes away.
 */
export function memberEventStream(
  request: Request,
  events: ProcessingEvents,
  ownerId: string,
  pick: (event: ProcessingEvent) => boolean = () => true,
): Response {
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
      const unsubscribe = events.subscribe(
        (event: ProcessingEvent) => {
          if (pick(event)) send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        },
        { ownerId },
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

/**
 * The GET handler of an event route of the signed-in member's own events: refused to anyone
 * without the route's right, else the stream of the events `pick` keeps.
 */
export function memberEventRoute(route: RawRoute, pick: (event: ProcessingEvent) => boolean) {
  return rawRoute(route, async (request, { viewer }) => {
    const { media } = await getRuntime();
    return memberEventStream(request, media.events, viewer!.id, pick);
  });
}
