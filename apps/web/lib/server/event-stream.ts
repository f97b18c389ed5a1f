import type { RawRoute } from '@cutroom/core/kernel/raw-route';
import type {
  ProcessingEvent,
  ProcessingEvents,
} from '@cutroom/core/platform/events/processing-events';
import { rawRoute } from './raw-route';
import { getRuntime } from './runtime';

/** Keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Sends one text of the server-sent event protocol to the browser. */
export type SendEvent = (text: string) => void;

/** A server-sent event in the protocol's words: its name, and its data as JSON. */
export const sseEvent = (name: string, data: unknown) =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Ends a video's event stream as its media close to its viewer (docs/security.md, "Media"): on
 * a change of who may open the video (`access`, `removed`) `mayFollow` is asked again, and a
 * viewer who may no longer is sent `access` before the stream closes. Answers whether `event`
 * was such a change (nothing else to do with it then).
 */
export function endOnClosedAccess(
  event: ProcessingEvent,
  mayFollow: () => Promise<boolean>,
  send: SendEvent,
  close: () => void,
): boolean {
  if (event.type !== 'access' && event.type !== 'removed') return false;
  void mayFollow().then(
    (may) => {
      if (may) return;
      send(sseEvent('access', { videoId: event.videoId }));
      close();
    },
    () => close(),
  );
  return true;
}

/**
 * A server-sent event stream: `start` begins sending (it is handed the sender, and what ends
 * the stream from this side) and answers what stops it, run once the stream ends. A comment
 * line keeps quiet streams open.
 */
export function eventStream(
  request: Request,
  start: (send: SendEvent, close: () => void) => () => void,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let isStopped = false;
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send('retry: 3000\n\n');
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      let stopStarted = () => {};
      stop = () => {
        if (isStopped) return;
        isStopped = true;
        clearInterval(heartbeat);
        stopStarted();
      };
      const close = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      stopStarted = start(send, close);
      if (request.signal.aborted) stop();
      request.signal.addEventListener('abort', close);
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
  return eventStream(request, (send) =>
    events.subscribe(
      (event: ProcessingEvent) => {
        if (pick(event)) send(sseEvent(event.type, event));
      },
      { ownerId },
    ),
  );
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
