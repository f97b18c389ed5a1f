'use client';

import { useState } from 'react';
import { FormMessage } from '@/components/auth/form-parts';
import { callApi, type ApiPayload } from '@/lib/client/api';
import { RelativeTime } from '@/components/ui/relative-time';

export interface SessionEntry {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
}

const buttonClass =
  'rounded-lg border border-white/15 px-3 py-1.5 text-sm hover:border-white/40 disabled:opacity-50';

/** Where the member is signed in; sign out one session, or every one but this. */
export function SessionList({ initial }: { initial: SessionEntry[] }) {
  const [sessions, setSessions] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const others = sessions.filter((session) => !session.isCurrent);

  const run = async (
    payload: ApiPayload<'/api/v2/account'>,
    keep: (session: SessionEntry) => boolean,
    done: string,
  ) => {
    setBusy(true);
    const result = await callApi('/api/v2/account', payload);
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.body.error ?? 'Could not sign out' });
      return;
    }
    setSessions((list) => list.filter(keep));
    setMessage({ kind: 'success', text: done });
  };

  return (
    <div className="space-y-4">
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <ul
        className="divide-y divide-white/10 rounded-lg border border-white/10"
        data-testid="sessions"
      >
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 px-3 py-3"
            data-testid="session"
            data-current={session.isCurrent ? 'true' : undefined}
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-white">
                {session.device}
                {session.isCurrent && (
                  <span className="ml-2 rounded-full bg-accent/20 px-2 py-0.5 text-xs text-white">
                    This device
                  </span>
                )}
              </p>
              <p className="text-neutral-400">
                {session.ip} · signed in <RelativeTime date={session.createdAt} /> · last seen{' '}
                <RelativeTime date={session.lastSeenAt} />
              </p>
            </div>
            {!session.isCurrent && (
              <button
                type="button"
                className={buttonClass}
                disabled={busy}
                aria-label={`Sign out ${session.device}, ${session.ip}`}
                onClick={() =>
                  void run(
                    { mode: 'SignOutSession', id: session.id },
                    (entry) => entry.id !== session.id,
                    `Signed out ${session.device}`,
                  )
                }
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className={buttonClass}
          disabled={busy}
          data-testid="sign-out-others"
          onClick={() =>
            void run(
              { mode: 'SignOutOtherSessions' },
              (entry) => entry.isCurrent,
              'Signed out everywhere else',
            )
          }
        >
          Sign out all other sessions
        </button>
      )}
    </div>
  );
}
