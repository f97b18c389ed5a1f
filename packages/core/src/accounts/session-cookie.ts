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
