import type { Endpoint, RequestContext } from '@cutroom/core/api/endpoint';
import { isJsonBody, JSON_ONLY_MESSAGE } from '@cutroom/core/accounts/origin';
import { dispatch } from '@cutroom/core/api/dispatch';
import { getRuntime } from './runtime';
import { getViewer } from './session';

/** What a service call made from this request receives: database, viewer, log, client. */
export async function requestContextFor(request: Request): Promise<RequestContext> {
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

/** The route handler for one JSON API endpoint: parse, dispatch, answer. */
export function createPostHandler(endpoint: Endpoint) {
  return async function POST(request: Request): Promise<Response> {
    if (!isJsonBody(request)) {
      return Response.json({ error: JSON_ONLY_MESSAGE, httpStatusCode: 415 }, { status: 415 });
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json(
        { error: 'The request body must be valid JSON', httpStatusCode: 400 },
        { status: 400 },
      );
    }
    const result = await dispatch(endpoint, body, await requestContextFor(request));
    return Response.json(result.body, { status: result.status });
  };
}
