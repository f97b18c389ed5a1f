import type { Actor } from '@cutroom/core/kernel/endpoint';
import { rawRouteRefusal, type RawRoute } from '@cutroom/core/kernel/raw-route';
import { getViewer } from './session';

type Params = Record<string, string | string[]>;

/** What a raw route's handler receives beside the request: who asks, and the path's params. */
export interface RawRouteContext<P extends Params> {
  viewer: Actor | null;
  params: P;
}

/**
 * A route handler that checks the right its declaration names before it runs (a refusal as
 * `rawRouteRefusal` words it), then hands the handler the viewer it found. Every route.ts that
 * is not a JSON endpoint exports its methods through this (checked by raw-route.test.ts).
 */
export function rawRoute<P extends Params = Params>(
  route: RawRoute,
  handle: (request: Request, context: RawRouteContext<P>) => Promise<Response> | Response,
) {
  return async function handler(
    request: Request,
    context: { params: Promise<P> } = { params: Promise.resolve({} as P) },
  ): Promise<Response> {
    // A visitor's request (no session cookie) resolves to null without any database work.
    const viewer = await getViewer(request.headers);
    const url = new URL(request.url);
    const refusal = rawRouteRefusal(route, viewer, `${url.pathname}${url.search}`);
    if (refusal?.status === 303) {
      return new Response(null, { status: 303, headers: { location: refusal.location } });
    }
    if (refusal) {
      return Response.json(
        { error: refusal.error, httpStatusCode: refusal.status },
        { status: refusal.status, headers: { 'cache-control': 'no-store' } },
      );
    }
    return handle(request, { viewer, params: await context.params });
  };
}
