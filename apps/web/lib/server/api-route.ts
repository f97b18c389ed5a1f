import type { Endpoint, RequestContext } from '@cutroom/core/kernel/endpoint';
import { isJsonBody, JSON_ONLY_MESSAGE } from '@cutroom/core/features/accounts/auth/origin';
import { dispatch, type DispatchResult } from '@cutroom/core/kernel/dispatch';
import { getRuntime } from './runtime';
import { getViewer } from './session';

/** Seconds a client is asked to wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 5;

/** What a service call made from this request receives: database, viewer, log, client. */
export async function requestContextFor(request: { headers: Headers }): Promise<RequestContext> {
  const { config, database, log, media, listings, accounts, memberCache } = await getRuntime();
  const requestId = request.headers.get('x-request-id') ?? undefined;
  return {
    config,
    db: database.db,
    listings,
    actor: await getViewer(request.headers),
    log: log.child({ reqId: requestId }),
    now: () => new Date(),
    // server.ts has settled x-forwarded-for to the client's address (trusted proxies only).
    ip: request.headers.get('x-forwarded-for') ?? '127.0.0.1',
    headers: request.headers,
    media,
    accounts,
    memberCache,
  };
}

/**
 * One JSON API endpoint's answer to a request's headers and body: JSON only, parsed, then
 * dispatched. Route handlers answer with it, and so does server.ts for the member parts call
 * it serves without Next.js.
 */
export async function answerJsonCall(
  endpoint: Endpoint,
  headers: Headers,
  readBody: () => Promise<string>,
): Promise<DispatchResult> {
  if (!isJsonBody({ headers })) {
    return { status: 415, body: { error: JSON_ONLY_MESSAGE, httpStatusCode: 415 } };
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody());
  } catch {
    return {
      status: 400,
      body: { error: 'The request body must be valid JSON', httpStatusCode: 400 },
    };
  }
  return dispatch(endpoint, body, await requestContextFor({ headers }));
}

/** The route handler for one JSON API endpoint: parse, dispatch, answer. */
export function createPostHandler(endpoint: Endpoint) {
  return async function POST(request: Request): Promise<Response> {
    const result = await answerJsonCall(endpoint, request.headers, () => request.text());
    return Response.json(result.body, {
      status: result.status,
      ...(result.status === 503 ? { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } } : {}),
    });
  };
}
