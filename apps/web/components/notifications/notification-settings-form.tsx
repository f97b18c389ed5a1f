'use client';

import { useState } from 'react';
import {
  EMAIL_MODE_LABELS,
  NOTIFICATION_EMAIL_MODES,
  NOTIFICATION_KIND_INFO,
  type NotificationEmailMode,
  type NotificationKind,
} from '@cutroom/core/features/people/notifications/notification-kinds';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

/**
 * For each kind of notification, whether it also comes by e-mail: no, at once, or in the
 * daily digest. Each choice is saved as it is made.
 */
export function NotificationSettingsForm({
  initial,
}: {
  initial: { kind: NotificationKind; email: NotificationEmailMode }[];
}) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState<NotificationKind | null>(null);
  const [note, show] = useTimedMessage();

  const choose = async (kind: NotificationKind, email: NotificationEmailMode) => {
    const before = settings;
    setSettings(settings.map((row) => (row.kind === kind ? { kind, email } : row)));
    setBusy(kind);
    const result = await callApi('/api/notifications', {
      mode: 'SaveSetting',
      kind,
      email,
    });
    setBusy(null);
    if (!result.ok) {
      setSettings(before);
      show({ text: result.body.error ?? 'Could not save', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    setSettings(result.body.data);
    show(
      {
        text: `Saved: ${NOTIFICATION_KIND_INFO[kind].label}, ${EMAIL_MODE_LABELS[email].toLowerCase()}`,
        tone: 'info',
      },
      ERROR_MESSAGE_MS,
    );
  };

  return (
    <form
      className="space-y-4"
      data-testid="notification-settings"
      onSubmit={(event) => event.preventDefault()}
    >
      <ul className="divide-y divide-white/10 rounded-lg bg-surface-raised">
        {settings.map((row) => {
          const id = `email-${row.kind}`;
          return (
            <li
              key={row.kind}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 sm:px-4"
            >
              <label htmlFor={id} className="min-w-0 text-sm text-neutral-200">
                {NOTIFICATION_KIND_INFO[row.kind].label}
              </label>
              <select
                id={id}
                name={row.kind}
                value={row.email}
                disabled={busy === row.kind}
                onChange={(event) =>
                  void choose(row.kind, event.target.value as NotificationEmailMode)
                }
                data-testid={id}
                className="rounded-lg border border-white/15 bg-surface px-3 py-2 text-sm text-white focus:border-accent focus:outline-none"
              >
                {NOTIFICATION_EMAIL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {EMAIL_MODE_LABELS[mode]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      <TimedNote message={note} testId="notification-settings-note" />
    </form>
  );
}
