import { NextResponse, type NextRequest } from 'next/server';
import {
  allowedOriginsFor,
  FOREIGN_ORIGIN_MESSAGE,
  isForeignMutation,
} from '@cutroom/core/accounts/origin';
import { defaultPublicUrl } from '@cutroom/core/config/config';

const publicOrigins = (() => {
  try {
    return allowedOriginsFor(process.env.PUBLIC_URL || defaultPublicUrl(process.env.PORT));
  } catch {
    return [];
  }
})();

// Pages need the requested path (the 404 page names it) and a request id for their logs.
// Mutations of the API sent by another site's page are refused before they reach a handler.
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    const allowed = [request.nextUrl.origin, ...publicOrigins];
    if (isForeignMutation(request, allowed)) {
      return NextResponse.json(
        { error: FOREIGN_ORIGIN_MESSAGE, message: FOREIGN_ORIGIN_MESSAGE, httpStatusCode: 403 },
        { status: 403 },
      );
    }
  }
  const headers = new Headers(request.headers);
  headers.set('x-pathname', request.nextUrl.pathname);
  if (!headers.has('x-request-id')) headers.set('x-request-id', crypto.randomUUID());
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
