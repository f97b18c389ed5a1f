import { NextResponse, type NextRequest } from 'next/server';

/** The folder the partner section's pages live in (app/(partner)/partner-section). */
const PARTNER_FOLDER = '/partner-section';

/** Where the partner section is served: PARTNER_SLUG, from the process's configuration. */
async function partnerSlug(): Promise<string> {
  const runtime = await globalThis.__cutroomRuntime;
  return runtime?.config.PARTNER_SLUG ?? 'digitalfiend';
}

// Pages need the requested path (the 404 page names it) and a request id for their logs.
// (Cross-site changes are refused earlier, in server.ts, for uploads and media too.)
export async function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set('x-pathname', request.nextUrl.pathname);
  // Where a visitor asked to sign in comes back to (the members' pages' layout).
  headers.set('x-search', request.nextUrl.search);
  if (!headers.has('x-request-id')) headers.set('x-request-id', crypto.randomUUID());
  // The partner section: /{PARTNER_SLUG}/... is served by its folder; the folder's own path
  // is not an address (it answers the 404 page, naming the path asked for).
  const path = request.nextUrl.pathname;
  const slug = await partnerSlug();
  const inFolder = path === PARTNER_FOLDER || path.startsWith(`${PARTNER_FOLDER}/`);
  const inSection = path === `/${slug}` || path.startsWith(`/${slug}/`);
  if (inFolder || inSection) {
    const url = request.nextUrl.clone();
    url.pathname = inFolder
      ? `/not-found${path}`
      : `${PARTNER_FOLDER}${path.slice(slug.length + 1)}`;
    return NextResponse.rewrite(url, { request: { headers } });
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
