import type { Actor } from '@cutroom/core/kernel/endpoint';
import { resolveActor } from '@cutroom/core/features/accounts/auth/session.service';
import { getRuntime } from './runtime';

/**
 * The signed-in viewer of a request, or null for a visitor: the session cookie, or a bearer
 * token (an access token from /api/auth/token, or a session token). A session cookie's member
 * is kept in memory until the database announces a change to it (docs/decisions/0036), so a
 * disabled account is still a visitor on its very next request.
 */
export async function getViewer(headers: Headers): Promise<Actor | null> {
  if (!globalThis.__cutroomRuntime) return null;
  const { accounts, database, memberCache } = await getRuntime();
  return resolveActor(accounts.auth, database.db, headers, new Date(), memberCache);
}
