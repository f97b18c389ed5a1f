import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import type { Auth } from '../auth';
import type { RequestContext } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { sessions } from '../../../platform/db/schema';
import type { SessionAnswer } from './my-account.schema';
import type { Call } from '../../../access/call';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A user agent in a few words: "Chrome on Linux"; "Unknown device" when it says nothing. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** An address with its last part hidden: 203.0.113.x, 2001:db8:85a3:x. */
export function maskIp(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const v4 = ip.match(/^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/);
  if (v4) return `${v4[1]}.x`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((group) => group !== '');
    return `${groups.slice(0, 3).join(':')}:x`;
  }
  return 'unknown';
}

/**
 * The id of the session the request came with (its cookie or bearer session token), or null
 * (a short-lived access token, a test without accounts).
 */
export async function currentSessionId(context: RequestContext): Promise<string | null> {
  if (!context.accounts || !context.actor) return null;
  return sessionIdOf(context.accounts.auth, context.headers, context.actor.id);
}

/** The id of the session of `userId` that request headers carry, or null. */
export async function sessionIdOf(
  auth: Auth,
  headers: Headers,
  userId: string,
): Promise<string | null> {
  const found = await auth.api.getSession({ headers });
  return found && found.user.id === userId ? found.session.id : null;
}

/** The member's sessions that have not expired, the last used first. */
export async function listSessions(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  currentId: string | null,
): Promise<SessionAnswer[]> {
  const { db, actor: maybeActor } = ctx;
  const now = ctx.now();
  const actor = requireMemberRight(maybeActor, 'participate');
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt))
    .limit(200);
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip: maskIp(row.ipAddress),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      isCurrent: row.id === currentId,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/**
 * Ends one of the member's sessions: its cookie or token stops working at the next request
 * (better-auth reads the sessions table on every request; docs/account.md).
 */
export async function signOutSession(
  { db, actor: maybeActor }: Pick<Call, 'db' | 'actor'>,
  id: string,
): Promise<void> {
  const actor = requireMemberRight(maybeActor, 'participate');
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, actor.id)))
    .returning({ id: sessions.id });
  if (removed.length === 0) throw new ServiceError('not_found', 'id: no such session of yours');
}

/** Ends every session of the member but the current one; answers how many ended. */
export async function signOutOtherSessions(
  { db, actor: maybeActor }: Pick<Call, 'db' | 'actor'>,
  currentId: string | null,
): Promise<number> {
  const actor = requireMemberRight(maybeActor, 'participate');
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, actor.id), currentId ? ne(sessions.id, currentId) : undefined))
    .returning({ id: sessions.id });
  return removed.length;
}
