import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { safeRedirectPath } from '../../../kernel/safe-redirect';
import { secondStepPath } from './sign-in-steps';

/**
 * The routes that make a session without the password: the providers' callbacks (the
 * built-in ones and the generic one's) and the sign-in link's. Links are not mailed to
 * accounts with two-factor sign-in, but one mailed before it was turned on still works for
 * its 15 minutes.
 */
const SIGN_INS_WITHOUT_PASSWORD = new Set([
  '/callback/:id',
  '/oauth2/callback/:providerId',
  '/magic-link/verify',
]);

/** better-auth's two-factor plugin's pending sign-in: its cookie's name and lifetime. */
const TWO_FACTOR_COOKIE = 'two_factor';
const TWO_FACTOR_SECONDS = 600;

/**
 * A provider's sign-in (or a sign-in link's) to an account with two-factor sign-in on asks
 * for the code too. better-auth's two-factor plugin holds back only password sign-ins; here
 * the session the callback just made is taken back and the same pending sign-in the plugin makes
 * is left in its place (a verification row and its signed cookie, with the plugin's attempt
 * count), so the plugin's own verify-totp and verify-backup-code finish it. The browser goes
 * to the sign-in page's second step instead of `callbackURL`, which it passes on as `next`.
 */
export const providerSignInTwoFactor = createAuthMiddleware(async (ctx) => {
  if (!SIGN_INS_WITHOUT_PASSWORD.has(ctx.path ?? '')) return;
  const made = ctx.context.newSession;
  if (!made?.user.twoFactorEnabled) return;

  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  ctx.context.setNewSession(null);

  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({
    value: made.user.id,
    identifier,
    expiresAt,
  });
  await ctx.context.internalAdapter.createVerificationValue({
    value: '0',
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: TWO_FACTOR_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

  const target = callbackTarget(ctx.context.returned, new URL(ctx.context.baseURL).origin);
  throw ctx.redirect(secondStepPath(safeRedirectPath(target)));
});

/**
 * Where the callback meant to send the browser: its redirect's location (a path, or an
 * address of this site) as a path; nothing when it would leave the site.
 */
function callbackTarget(returned: unknown, siteOrigin: string): string | undefined {
  const headers = (returned as { headers?: unknown } | undefined)?.headers;
  const location = headers instanceof Headers ? headers.get('location') : null;
  if (!location) return undefined;
  try {
    const url = new URL(location, siteOrigin);
    return url.origin === siteOrigin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
