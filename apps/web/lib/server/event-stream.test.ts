import { describe, expect, it } from 'vitest';
import type { ProcessingEvent } from '@cutroom/core/platform/events/processing-events';
import { endOnClosedAccess, eventStream, sseEvent } from './event-stream';

/** Reads a stream's text until it ends. */
async function readAll(response: Response): Promise<string> {
  return new Response(response.body).text();
}

describe('endOnClosedAccess', () => {
  const access: ProcessingEvent = { type: 'access', videoId: 'v1', ownerId: 'u1' };

  it('tells a viewer who may no longer open the video, and ends the stream', async () => {
    let handle: (event: ProcessingEvent) => void = () => {};
    let stopped = false;
    const response = eventStream(new Request('http://site/events'), (send, close) => {
      handle = (event) => {
        if (!endOnClosedAccess(event, async () => false, send, close)) {
          send(sseEvent(event.type, {}));
        }
      };
      return () => {
        stopped = true;
      };
    });
    const text = readAll(response);
    handle({ type: 'published', videoId: 'v1', ownerId: 'u1' });
    handle(access);
    expect(await text).toBe(
      `retry: 3000\n\n${sseEvent('published', {})}${sseEvent('access', { videoId: 'v1' })}`,
    );
    expect(stopped).toBe(true);
  });

  it('keeps the stream of a viewer who still may, and passes other events on', async () => {
    const sent: string[] = [];
    let closed = false;
    const send = (text: string) => sent.push(text);
    const close = () => {
      closed = true;
    };
    expect(endOnClosedAccess(access, async () => true, send, close)).toBe(true);
    expect(
      endOnClosedAccess(
        { type: 'published', videoId: 'v1', ownerId: 'u1' },
        async () => false,
        send,
        close,
      ),
    ).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
    expect(closed).toBe(false);
  });
});
