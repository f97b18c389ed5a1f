/**
 * A cookie scripts may read, set by the server beside a session cookie (which they may not):
 * it tells a page served alike to everyone (the shared page cache) that a member is reading
 * it, so it asks for the member's own parts. It holds nothing but `1`; the session decides.
 */
export const MEMBER_HINT_COOKIE = 'cutroom.member';

/** The Set-Cookie value that sets the hint (a year; renewed on any request with a session). */
export const MEMBER_HINT_SET = `${MEMBER_HINT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`;

/** Whether a Cookie header (or document.cookie) has the hint. */
export function hasMemberHint(cookies: string | null | undefined): boolean {
  return Boolean(cookies && /(?:^|;\s*)cutroom\.member=1(?:;|$)/.test(cookies));
}

/**
 * At a press of a member's button: whether to act as a member. Known as one, or the hint
 * says so while the member's parts are still on their way (a slow answer must not send a
 * member to the sign-in page); the server decides, and a 401 leads to sign-in after all.
 */
export function mayActAsMember(knownMember: boolean): boolean {
  return knownMember || hasMemberHint(document.cookie);
}
