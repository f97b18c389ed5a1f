'use client';

import { useEffect } from 'react';
import { CLIENT_STORAGE_PREFIX, clearClientState } from '@/lib/client/auth-client';

const SESSION_CHECK_KEY = `${CLIENT_STORAGE_PREFIX}session-checked-at`;
const SESSION_CHECK_EVERY_MS = 60 * 60_000;

/**
 * Asks the server about the session at most once an hour: that renews the cookie of someone
 * who keeps using the site, and a tab whose session ended (signed out elsewhere, account
 * disabled) forgets the user and reloads as a visitor.
 */
export function SessionKeeper() {
  useEffect(() => {
    const last = Number(localStorage.getItem(SESSION_CHECK_KEY) ?? 0);
    if (Date.now() - last < SESSION_CHECK_EVERY_MS) return;
    void fetch('/api/auth/get-session', { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) return;
        const session = (await response.json()) as unknown;
        if (session) {
          localStorage.setItem(SESSION_CHECK_KEY, String(Date.now()));
          return;
        }
        clearClientState();
        // Noted after the clearing, so a server that still shows the user cannot loop reloads.
        localStorage.setItem(SESSION_CHECK_KEY, String(Date.now()));
        window.location.reload();
      })
      .catch(() => undefined);
  }, []);
  return null;
}
