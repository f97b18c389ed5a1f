import type { IncomingMessage, ServerResponse } from 'node:http';
import { SITE_BUSY_MESSAGE } from '@cutroom/core/kernel/dispatch';
import type { WaitNote } from '@cutroom/core/platform/db/transaction-guard';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import { RETRY_AFTER_SECONDS } from './api-route';

/** The body of a 503: the message as both `error` and `message`. */
export const busyBody = (message: string) =>
  JSON.stringify({ error: message, message, httpStatusCode: 503 });

/** After a deadline's answer, the handler still running may write: it writes nowhere. */
function silenceLateWrites(response: ServerResponse) {
  const late = response as unknown as Record<string, unknown>;
  late.writeHead = () => response;
  late.setHeader = () => response;
  late.appendHeader = () => response;
  late.removeHeader = () => undefined;
  late.flushHeaders = () => undefined;
  late.write = () => true;
  late.end = () => response;
  response.on('error', () => undefined);
}

/**
 * Every request answers within the deadline (docs/faults.md): one whose answer has not started
 * by then is answered 503 with Retry-After, and the log names what it waited for (`wait`, which
 * the database notes while the request waits for it). Whatever the late work writes afterwards
 * goes nowhere.
 */
export function createRequestDeadline(options: { deadlineMs: number; log: Logger }) {
  const { deadlineMs, log } = options;
  return function armDeadline(
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
    wait: WaitNote,
  ): void {
    const timer = setTimeout(() => {
      if (response.headersSent || response.writableEnded) return;
      log.error(
        {
          reqId: requestId,
          method: request.method,
          url: request.url,
          deadlineMs,
          waitingFor: wait.waitingFor ?? 'the page or call itself (not the database)',
        },
        'request passed its deadline: answered 503',
      );
      response
        .writeHead(503, {
          'content-type': 'application/json',
          'retry-after': String(RETRY_AFTER_SECONDS),
          'cache-control': 'no-store',
          connection: 'close',
        })
        .end(busyBody(SITE_BUSY_MESSAGE));
      silenceLateWrites(response);
    }, deadlineMs);
    timer.unref();
    response.once('close', () => clearTimeout(timer));
  };
}
