'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/lib/client/api';

const ROLES = [
  { role: 'moderator', label: 'Moderator' },
  { role: 'tagger', label: 'Tagger' },
  { role: 'admin', label: 'Admin' },
] as const;

/** An admin's controls for a member's roles and supporter flag. */
export function MemberRoles({
  userId,
  roles,
  isSupporter,
  isSelf,
}: {
  userId: string;
  roles: string[];
  isSupporter: boolean;
  isSelf: boolean;
}) {
  const router = useRouter();
  // Only the roles offered here: others (a partner's) are not staff's to set, and the server
  // keeps them.
  const [chosen, setChosen] = useState(
    () => new Set(ROLES.map(({ role }) => role).filter((role) => roles.includes(role))),
  );
  const [supporter, setSupporter] = useState(isSupporter);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    const rolesResult = await callApi('/api/v2/admin', {
      mode: 'SetMemberRoles',
      userId,
      // The roles the checkboxes hold; the server keeps the member's others.
      roles: [...chosen],
    });
    const supporterResult =
      rolesResult.ok && supporter !== isSupporter
        ? await callApi('/api/v2/admin', { mode: 'SetSupporter', userId, isSupporter: supporter })
        : rolesResult;
    setBusy(false);
    if (!rolesResult.ok || !supporterResult.ok) {
      setMessage({
        ok: false,
        text: (rolesResult.ok ? supporterResult : rolesResult).body.error ?? 'Failed',
      });
      return;
    }
    setMessage({ ok: true, text: 'Saved' });
    router.refresh();
  };

  return (
    <fieldset className="space-y-2" data-testid="member-roles">
      <legend className="text-sm font-semibold">Roles and supporter flag</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {ROLES.map(({ role, label }) => (
          <label key={role} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={chosen.has(role)}
              disabled={isSelf && role === 'admin'}
              onChange={(event) =>
                setChosen((set) => {
                  const next = new Set(set);
                  if (event.target.checked) next.add(role);
                  else next.delete(role);
                  return next;
                })
              }
            />
            {label}
          </label>
        ))}
        <label className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={supporter}
            onChange={(event) => setSupporter(event.target.checked)}
          />
          Supporter
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void save()}
          disabled={busy}
          className="rounded-full border border-white/20 px-3 py-1 text-sm font-semibold hover:bg-white/10"
        >
          {busy ? 'Saving…' : 'Save roles'}
        </button>
        {message && (
          <span
            role={message.ok ? 'status' : 'alert'}
            className={`text-sm ${message.ok ? 'text-green-300' : 'text-red-300'}`}
          >
            {message.text}
          </span>
        )}
      </div>
    </fieldset>
  );
}
