// Browser-side helpers of the account pages: JSON calls and clearing what the client keeps
// about the signed-in user.

import { MEMBER_HINT_COOKIE } from '../member-hint';
import { callApi, type ApiResult } from './api';

/** Asks for a new verification mail; its link lands on /verify. */
export function requestVerificationMail(email: string): Promise<ApiResult> {
  return callApi('/api/auth/send-verification-email', { email, callbackURL: '/verify' });
}

const resetters = new Set<() => void>();

/**
 * Registers a client cache of user data (a profile store, say) to be emptied at sign-out.
 * Answers the function that unregisters it.
 */
export function onSignOut(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

/** Keys of browser storage that hold per-user data start with this. */
export const CLIENT_STORAGE_PREFIX = 'cutroom:';

/**
 * Forgets every cached profile and per-user value this tab holds, and the member hint: pages
 * loaded after signing out (or deleting the account) ask for no member's parts or library.
 */
export function clearClientState(): void {
  for (const reset of resetters) reset();
  if (typeof document !== 'undefined') {
    document.cookie = `${MEMBER_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
  for (const storage of [globalThis.sessionStorage, globalThis.localStorage]) {
    if (!storage) continue;
    for (const key of Object.keys(storage)) {
      if (key.startsWith(CLIENT_STORAGE_PREFIX)) storage.removeItem(key);
    }
  }
}

/**
 * Signs out: ends the session on the server, empties the client's caches, then loads the home
 * page afresh so no server-rendered profile stays in the router's memory.
 */
export async function signOut(): Promise<void> {
  await callApi('/api/auth/sign-out', {});
  clearClientState();
  window.location.assign('/');
}
