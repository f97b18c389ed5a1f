import type { Instrumentation } from 'next';

/** Server-side faults become one structured log line with the request id. */
export const onRequestError: Instrumentation.onRequestError = async (error, request) => {
  const { getRuntime } = await import('./lib/runtime');
  const { log } = await getRuntime();
  const headers = request.headers as Record<string, string | string[] | undefined>;
  log.error(
    { err: error, reqId: headers['x-request-id'], path: request.path, method: request.method },
    'request failed',
  );
};
