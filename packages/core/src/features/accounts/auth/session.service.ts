import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parseCookies } from 'better-auth/cookies';
import type { Actor } from '../../../kernel/endpoint';
import type { Database } from '../../../platform/db/client';
import type { MemberCache } from '../../site/member-parts';
import { sessions, users, type User } from '../../../platform/db/schema';
import type { Auth } from './auth';
import { hasSessionCookie, SESSION_COOKIE_NAMES } from './session-cookie';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The actor a stored account acts as. */
export function toActor(user: User): Actor {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    emailVerified: user.emailVerified,
    isSupporter: user.isSupporter,
  };
}

/** Whether an account's credentials work: verified, and not disabled. */
function usable(user: User, now: Date): boolean {
  if (!user.emailVerified) return false;
  // A disabled account's credentials stop working at once, whatever token they carry.
  return !(user.banned && (!user.banExpires || user.banExpires > now));
}

/** better-auth's `session.updateAge` (auth.ts): a session older than this is extended. */
const SESSION_UPDATE_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The token of a session cookie whose signature is the site's: better-auth signs the cookie's
 * value as `token.base64(HMAC-SHA-256(secret, token))` (better-call's signed cookies).
 */
function signedSessionToken(cookieHeader: string, secret: string): string | null {
  const cookies = parseCookies(cookieHeader);
  const value = SESSION_COOKIE_NAMES.map((name) => cookies.get(name)).find(Boolean);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (dot < 1 || signature.length !== 44 || !signature.endsWith('=')) return null;
  // node:crypto, not WebCrypto: the same HMAC without a trip through the thread pool, which
  // was a tenth of a member's request (docs/decisions/0036).
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The member behind a session cookie in one indexed query (docs/decisions/0031): what
 * better-auth's getSession finds, without its per-call machinery, which was most of a
 * member's request. Null for a forged, unknown or expired session; 'refresh' when the session
 * is due to be extended, which better-auth's own lookup then does.
 */
async function sessionUser(
  auth: Auth,
  db: Database,
  cookieHeader: string,
  now: Date,
  cache: MemberCache | undefined,
): Promise<User | null | 'refresh'> {
  const { secret } = await auth.$context;
  const token = signedSessionToken(cookieHeader, secret);
  if (!token) return null;
  let row = cache?.session(token);
  if (!row) {
    const ticket = cache?.ticket();
    [row] = await db
      .select({ user: users, expiresAt: sessions.expiresAt, updatedAt: sessions.updatedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, token))
      .limit(1);
    if (row && cache) cache.keepSession(token, ticket!, row);
  }
  // Judged afresh on each request, kept or not: expiry, extension and a ban's end are times.
  if (!row || row.expiresAt <= now) return null;
  if (now.getTime() - row.updatedAt.getTime() > SESSION_UPDATE_AGE_MS) return 'refresh';
  return row.user;
}

/** The user behind a request's credentials, read fresh from the database. */
async function activeUser(db: Database, userId: string, now: Date): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user && usable(user, now) ? user : null;
}

/**
 * Who is making a request: the session cookie of the site, or `Authorization: Bearer` with
 * either a short-lived access token (JWT from /api/auth/token) or a session token. Null for a
 * visitor, an expired or revoked session, an unverified or a disabled account. With `cache`,
 * a session cookie's lookup is kept until the database announces a change to its member or
 * session (docs/decisions/0036).
 */
export async function resolveActor(
  auth: Auth,
  db: Database,
  headers: Headers,
  now: Date = new Date(),
  cache?: MemberCache,
): Promise<Actor | null> {
  const authorization = headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer && JWT_SHAPE.test(bearer) && bearer.startsWith('eyJ')) {
    const { payload } = await auth.api.verifyJWT({ body: { token: bearer } });
    const subject = payload?.sub;
    if (!subject) return null;
    const user = await activeUser(db, subject, now);
    return user ? toActor(user) : null;
  }
  // Other cookies alone (a visitor's) need no session lookup.
  if (!bearer && !hasSessionCookie(headers.get('cookie'))) return null;
  if (!bearer) {
    const found = await sessionUser(auth, db, headers.get('cookie')!, now, cache);
    if (found !== 'refresh') {
      return found && usable(found, now) ? toActor(found) : null;
    }
  }
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = await activeUser(db, session.user.id, now);
  return user ? toActor(user) : null;
}
