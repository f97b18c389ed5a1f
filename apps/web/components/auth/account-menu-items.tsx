'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { postJson, signOut } from '@/lib/auth-client';

const itemClass = 'block w-full rounded px-3 py-2 text-left hover:bg-white/10';

/** Admin links, shown only once /api/v2/admin has answered 200 (spec §4: admin flag). */
export function AdminLinks() {
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    let live = true;
    void postJson('/api/v2/admin', { mode: 'CheckAccess' }).then((result) => {
      if (live) setIsAdmin(result.status === 200);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!isAdmin) return null;
  return (
    <>
      <li>
        <Link href="/moderation" className={itemClass} data-testid="admin-link">
          Moderation
        </Link>
      </li>
      <li>
        <Link href="/padmin" className={itemClass}>
          Admin
        </Link>
      </li>
    </>
  );
}

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={itemClass}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      Sign out
    </button>
  );
}
