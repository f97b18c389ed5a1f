import { eq } from 'drizzle-orm';
import type { Actor } from '../api/endpoint';
import type { Database } from '../db/client';
import { users, type User } from '../db/schema';
import type { Auth } from './auth';
import { hasSessionCookie } from './session-cookie';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

function toActor(user: User): Actor {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    emailVerified: user.emailVerified,
    isSupporter: user.isSupporter,
  };
}

/** The user behind a request's credentials, read fresh from the database. */
async function activeUser(db: Database, userId: string, now: Date): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !user.emailVerified) return null;
  // A disabled account's credentials stop working at once, whatever token they carry.
  if (user.banned && (!user.banExpires || user.banExpires > now)) return null;
  return user;
}

/**
 * Who is making a request: the session cookie of the site, or `Authorization: Bearer` with
 * either a short-lived access token (JWT from /api/auth/token) or a session token. Null for a
 * visitor, an expired or revoked session, an unverified or a disabled account.
 */
export async function resolveActor(
  auth: Auth,
  db: Database,
  headers: Headers,
  now: Date = new Date(),
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
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = await activeUser(db, session.user.id, now);
  return user ? toActor(user) : null;
}
