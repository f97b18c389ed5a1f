import type { Endpoint } from '@cutroom/core/api/endpoint';
import { dispatch } from '@cutroom/core/api/dispatch';
import { getRuntime } from './runtime';
import { getViewer } from './session';

/** The route handler for one JSON API endpoint: parse, dispatch, answer. */
export function createPostHandler(endpoint: Endpoint) {
  return async function POST(request: Request): Promise<Response> {
    const { database, log, media } = await getRuntime();
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json(
        { error: 'The request body must be valid JSON', httpStatusCode: 400 },
        { status: 400 },
      );
    }
    const requestId = request.headers.get('x-request-id') ?? undefined;
    const result = await dispatch(endpoint, body, {
      db: database.db,
      actor: await getViewer(request.headers),
      log: log.child({ reqId: requestId }),
      now: () => new Date(),
      ip: request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '127.0.0.1',
      headers: request.headers,
      media,
    });
    return Response.json(result.body, { status: result.status });
  };
}
