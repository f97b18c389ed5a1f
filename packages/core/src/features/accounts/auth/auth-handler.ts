import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { sessions, users } from '../../../platform/db/schema';
import { VERIFY_LANDING_PATH, type Auth } from './auth';
import {
  clearSignInFailures,
  DEFAULT_LOCKOUT,
  isSignInLocked,
  recordSignInFailure,
  type LockoutPolicy,
} from './login-lockout';
import { AUTH_CODE_MESSAGES, disabledMessage, MESSAGES } from './messages';
import { sessionTokenOf, setsSessionCookie } from './session-cookie';
import {
  allowedOriginsFor,
  asSeenByAuth,
  FOREIGN_ORIGIN_MESSAGE,
  isForeignMutation,
  isJsonBody,
  JSON_ONLY_MESSAGE,
} from './origin';

const json = (status: number, body: Record<string, unknown>, headers?: Headers) => {
  const out = new Headers(headers);
  out.set('content-type', 'application/json');
  out.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers: out });
};

const EmailShape = z.email();

/**
 * The sign-in input rules (docs/messages.md, "Sign-in"), checked before better-auth sees the
 * request.
 */
export function checkSignInInput(body: unknown): { email: string; password: string } | string {
  const { email, password } = (body ?? {}) as { email?: unknown; password?: unknown };
  if (typeof email !== 'string' || !EmailShape.safeParse(email.trim()).success) {
    return MESSAGES.loginInvalidEmail;
  }
  if (typeof password !== 'string' || password.length === 0) return MESSAGES.missingPassword;
  return { email: email.trim(), password };
}

/** The longest e-mail address (RFC 5321) and the longest other text an auth call takes. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_AUTH_TEXT_LENGTH = 2048;

/**
 * The first text field of an auth call's body that is too long to reach the database, as
 * a refusal naming it; null when every field fits.
 */
export function findOverlongAuthField(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') continue;
    const limit = /email/i.test(name) ? MAX_EMAIL_LENGTH : MAX_AUTH_TEXT_LENGTH;
    if (value.length > limit) return `${name}: at most ${limit} characters`;
  }
  return null;
}

/**
 * Rewrites better-auth's error answers to the messages people read (docs/messages.md), keeping the
 * code for programs. Rate-limit answers get the site's too-many-requests sentence.
 */
export async function translateAuthResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 429) {
    return json(
      429,
      { code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests },
      response.headers,
    );
  }
  const code = typeof body.code === 'string' ? body.code : undefined;
  const message = code ? AUTH_CODE_MESSAGES[code] : undefined;
  return json(response.status, message ? { ...body, message } : body, response.headers);
}

/**
 * The HTTP face of better-auth at /api/auth/*, with the site's rules around it: sign-in input
 * checked and messages as docs/messages.md words them, the per-account lock after repeated wrong
 * passwords, and registration only through /api/createuser (one path with one set of rules).
 */
export function createAuthRequestHandler(options: {
  auth: Auth;
  db: Database;
  lockout?: LockoutPolicy;
  /** The clock of the lock after wrong passwords: the system's on the site. */
  now: () => Date;
}) {
  const { auth, db } = options;
  const lockout = options.lockout ?? DEFAULT_LOCKOUT;
  const { now } = options;
  const allowedOrigins = allowedOriginsFor(String(auth.options.baseURL));

  async function signIn(request: Request): Promise<Response> {
    const body = await request
      .clone()
      .json()
      .catch(() => null);
    const input = checkSignInInput(body);
    if (typeof input === 'string') {
      return json(400, { code: 'INVALID_INPUT', message: input });
    }
    if (await isSignInLocked({ db, now }, input.email)) {
      return json(429, { code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
    }
    const response = await auth.handler(request);
    if (response.status === 429) return translateAuthResponse(response);
    // Signing in again in a browser that held a session replaces it: the old one would stay
    // in the sessions list as another row for the same browser (docs/account.md).
    const replaced = sessionTokenOf(request.headers.get('cookie'));
    if (replaced && setsSessionCookie(response)) {
      await db.delete(sessions).where(eq(sessions.token, replaced));
    }
    const code =
      response.status >= 400
        ? (
            (await response
              .clone()
              .json()
              .catch(() => ({}))) as { code?: string }
          ).code
        : undefined;
    if (code === 'INVALID_EMAIL_OR_PASSWORD') {
      if (await recordSignInFailure({ db, now }, input.email, lockout)) {
        return json(429, { code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
      }
    } else if (response.ok || code === 'EMAIL_NOT_VERIFIED' || code === 'BANNED_USER') {
      await clearSignInFailures(db, input.email);
    }
    if (code === 'BANNED_USER') {
      // The password was right: the member may read why staff disabled the account (better-auth
      // keeps addresses in lower case).
      const [account] = await db
        .select({ reason: users.banReason })
        .from(users)
        .where(eq(users.email, input.email.toLowerCase()))
        .limit(1);
      const translated = await translateAuthResponse(response);
      const body = (await translated.json()) as Record<string, unknown>;
      return json(
        translated.status,
        { ...body, message: disabledMessage(account?.reason ?? null) },
        translated.headers,
      );
    }
    return translateAuthResponse(response);
  }

  return async function handleAuthRequest(incoming: Request): Promise<Response> {
    // An API client signs in and gets its tokens without a browser's Origin (docs/accounts.md).
    const request = asSeenByAuth(incoming);
    const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '');
    if (isForeignMutation(request, allowedOrigins)) {
      return json(403, { code: 'INVALID_ORIGIN', message: FOREIGN_ORIGIN_MESSAGE });
    }
    // Roles, bans and account changes by staff go through the site's own services (the roles
    // CLI, /api/v2/admin), which check roles the way the site stores them; the admin plugin's
    // HTTP face (set-role, ban, impersonate, list-users ...) stays closed.
    if (path.startsWith('/admin/')) {
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    // Profiles change through /api/v2/profileInput and avatars only by upload there; the
    // library's update-user would let a member set any field it knows (an avatar URL ...).
    if (path === '/update-user') {
      return json(404, {
        code: 'NOT_FOUND',
        message: 'Change your profile with POST /api/v2/profileInput',
      });
    }
    if (request.method === 'POST') {
      if (!isJsonBody(request)) {
        return json(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_ONLY_MESSAGE });
      }
      const body = await request
        .clone()
        .json()
        .catch(() => undefined);
      if (body === undefined && request.headers.get('content-length') !== '0') {
        const text = await request.clone().text();
        if (text.trim() !== '') {
          return json(400, {
            code: 'INVALID_INPUT',
            message: 'The request body must be valid JSON',
          });
        }
      }
      const overlong = findOverlongAuthField(body);
      if (overlong) return json(400, { code: 'INVALID_INPUT', message: overlong });
      if (path === '/sign-in/email') return signIn(request);
      if (path.startsWith('/sign-up/')) {
        return json(404, {
          code: 'NOT_FOUND',
          message: 'Register with POST /api/createuser {username, email, password}',
        });
      }
      // Sign-in goes through the e-mail address, which the lock after wrong passwords counts.
      if (path === '/sign-in/username') {
        return json(404, {
          code: 'NOT_FOUND',
          message: 'Sign in with POST /api/auth/sign-in/email',
        });
      }
    }
    const response = await auth.handler(request);
    // A verification link that is broken, used or old is opened by a person: they land on
    // the page that says what happened and offers a new link, never on an empty error.
    if (path === '/verify-email' && response.status >= 400) {
      const code = (
        (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: string }
      ).code;
      // The codes better-auth itself puts there when the link names its landing page.
      const error = code === 'TOKEN_EXPIRED' ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN';
      return new Response(null, {
        status: 303,
        headers: { location: `${VERIFY_LANDING_PATH}?error=${error}` },
      });
    }
    return translateAuthResponse(response);
  };
}
