import { can, requireRight, type Right } from '../access/rights';
import type { Actor } from '../access/actor';
import { isServiceError } from './errors/service-error';

/**
 * A route of the site that is not a JSON endpoint: an event stream, a file, a redirect, a
 * webhook, a page-like GET. Like an endpoint it names the one right it needs where it is
 * declared; the web layer checks it before the route runs (apps/web/lib/server/raw-route.ts) and the
 * authorization matrix checks every declared route against every kind of caller.
 */
export interface RawRoute {
  /** The route's path as the site's router names it, e.g. `/api/tickets/image/[id]`. */
  path: string;
  methods: readonly ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[];
  right: Right;
  summary: string;
  /**
   * How a caller without the right is answered: `status` with 401/403 and a JSON error (what
   * a script reads); `sign-in` sends a visitor to sign in and come back (a link a person
   * follows), anyone else 403.
   */
  refusal: 'status' | 'sign-in';
}

export function defineRawRoute<const Route extends RawRoute>(route: Route): Route {
  return route;
}

/** A refusal of a raw route: a status with its message, or a redirect to sign in. */
export type RawRouteRefusal =
  { status: 401 | 403; error: string } | { status: 303; location: string };

/**
 * Null when the actor may use the route; else how they are refused, the way endpoints refuse
 * (`requireRight`): `requestPath` is where a visitor sent to sign in comes back to.
 */
export function rawRouteRefusal(
  route: RawRoute,
  actor: Actor | null,
  requestPath: string,
): RawRouteRefusal | null {
  if (can(actor, route.right)) return null;
  if (!actor && route.refusal === 'sign-in') {
    return { status: 303, location: `/login?next=${encodeURIComponent(requestPath)}` };
  }
  try {
    requireRight(actor, route.right);
  } catch (error) {
    if (isServiceError(error) && (error.status === 401 || error.status === 403)) {
      return { status: error.status, error: error.message };
    }
    throw error;
  }
  return { status: 403, error: 'You may not do this' };
}
