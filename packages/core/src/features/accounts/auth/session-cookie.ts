import { parseCookies } from 'better-auth/cookies';

/** better-auth names its cookies `cutroom.session_token` and so on. */
export const AUTH_COOKIE_PREFIX = 'cutroom';

// Over https better-auth adds the `__Secure-` prefix; a request may carry either form.
export const SESSION_COOKIE_NAMES = [
  `${AUTH_COOKIE_PREFIX}.session_token`,
  `__Secure-${AUTH_COOKIE_PREFIX}.session_token`,
];

/**
 * Whether a Cookie header carries a session cookie, valid or not: without one a request is a
 * visitor's, with no database work to find that out.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookies(cookieHeader);
  return SESSION_COOKIE_NAMES.some((name) => cookies.has(name));
}

/** The session token a Cookie header names (the part of the cookie before its signature). */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const cookies = parseCookies(cookieHeader);
  for (const name of SESSION_COOKIE_NAMES) {
    const value = cookies.get(name);
    if (value) return decodeURIComponent(value).split('.')[0] || null;
  }
  return null;
}

/** Whether a response sets a new session cookie (a sign-in that finished). */
export function setsSessionCookie(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((cookie) =>
      SESSION_COOKIE_NAMES.some(
        (name) => cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}=;`),
      ),
    );
}
