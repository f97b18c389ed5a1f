const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused';

/**
 * Whether a request is a state change that must be refused as cross-site request forgery.
 * Browsers name the sending page in `Origin` and tell `Sec-Fetch-Site`; a change carrying the
 * site's cookies must show one of them and it must be this site. API clients outside a
 * browser send neither and authenticate with a bearer token instead of cookies, so a request
 * without cookies may go without them.
 */
export function isForeignMutation(
  request: { method: string; headers: Headers },
  allowedOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.get('origin');
  if (origin) return !allowedOrigins.includes(origin);
  if (fetchSite === 'same-origin') return false;
  return Boolean(request.headers.get('cookie')?.trim());
}

/**
 * A request that no browser page sent: no cookie, no Origin, no Referer and no Sec-Fetch-Site
 * (which every current browser sends with every request). Such a request cannot be a
 * cross-site forgery, which rides on the cookies a browser adds. Node's fetch sends
 * `Sec-Fetch-Mode: cors` of itself, and the auth library takes any Fetch Metadata header as a
 * browser's, then asks for an Origin: the API client is refused 403 MISSING_OR_NULL_ORIGIN
 * where curl gets through.
 */
export function isFromOutsideABrowser(request: { headers: Headers }): boolean {
  const { headers } = request;
  return !['cookie', 'origin', 'referer', 'sec-fetch-site'].some((name) =>
    headers.get(name)?.trim(),
  );
}

/**
 * The request as the auth library should see it: an API client's without the Fetch Metadata
 * headers its HTTP library added (`isFromOutsideABrowser`), anyone else's unchanged.
 */
export function asSeenByAuth(request: Request): Request {
  if (!isFromOutsideABrowser(request)) return request;
  const names = ['sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user'];
  if (!names.some((name) => request.headers.has(name))) return request;
  const headers = new Headers(request.headers);
  for (const name of names) headers.delete(name);
  return new Request(request, { headers });
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may send mutations: the public URL's, and when that is a loopback
 * address (a site tried out locally) its other loopback spellings, so opening
 * http://127.0.0.1:3000 instead of http://localhost:3000 still works.
 */
export function allowedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

export const JSON_ONLY_MESSAGE = 'Content-Type: send the request body as application/json';

/**
 * Whether a request's body is declared JSON. A cross-site form can post text/plain or
 * urlencoded bodies without the browser asking first; JSON it cannot, so JSON endpoints read
 * only that.
 */
export function isJsonBody(request: { headers: Headers }): boolean {
  const type = request.headers.get('content-type') ?? '';
  return /^application\/json\s*(;|$)/i.test(type.trim());
}
