import { NextResponse, type NextRequest } from 'next/server';

// Pages need the requested path (the 404 page names it) and a request id for their logs.
// (Cross-site changes are refused earlier, in server.ts, for uploads and media too.)
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set('x-pathname', request.nextUrl.pathname);
  // Where a visitor asked to sign in comes back to (the members' pages' layout).
  headers.set('x-search', request.nextUrl.search);
  if (!headers.has('x-request-id')) headers.set('x-request-id', crypto.randomUUID());
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
