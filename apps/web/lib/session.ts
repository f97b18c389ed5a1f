import type { Actor } from '@cutroom/core/api/endpoint';
import { resolveActor } from '@cutroom/core/accounts/session.service';
import { getRuntime } from './runtime';

/**
 * The signed-in viewer of a request, or null for a visitor: the session cookie, or a bearer
 * token (an access token from /api/auth/token, or a session token). Read fresh on every call,
 * so a disabled account is a visitor on its very next request.
 */
export async function getViewer(headers: Headers): Promise<Actor | null> {
  if (!globalThis.__cutroomRuntime) return null;
  const { accounts, database } = await getRuntime();
  return resolveActor(accounts.auth, database.db, headers);
}
