import type { Instrumentation } from 'next';

/** Server-side faults become one structured log line with the request id. */
export const onRequestError: Instrumentation.onRequestError = async (error, request) => {
  const { getRuntime } = await import('./lib/server/runtime');
  const { log, pageCache } = await getRuntime();
  const headers = request.headers as Record<string, string | string[] | undefined>;
  const requestId = headers['x-request-id'];
  // A page whose render failed part-way may still have been sent as 200: never keep it.
  if (typeof requestId === 'string') pageCache.discard(requestId);
  log.error(
    { err: error, reqId: requestId, path: request.path, method: request.method },
    'request failed',
  );
};
