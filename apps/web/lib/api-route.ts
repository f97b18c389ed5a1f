import type { Endpoint, RequestContext } from '@cutroom/core/api/endpoint';
import { dispatch } from '@cutroom/core/api/dispatch';
import { getRuntime } from './runtime';
import { getViewer } from './session';

/** What a service call made from this request receives: database, viewer, log, client. */
export async function requestContextFor(request: Request): Promise<RequestContext> {
  const { config, database, log, media, listings, accounts } = await getRuntime();
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
  };
}

/** The route handler for one JSON API endpoint: parse, dispatch, answer. */
export function createPostHandler(endpoint: Endpoint) {
  return async function POST(request: Request): Promise<Response> {
    // A cross-site form can post text/plain or urlencoded bodies without asking first; JSON
    // it cannot, so only JSON is read.
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
      return Response.json(
        {
          error: 'Content-Type: send the request body as application/json',
          httpStatusCode: 415,
        },
        { status: 415 },
      );
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
