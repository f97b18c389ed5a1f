'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';
import { NOTIFICATION_COUNT_EVENT } from './notification-bell';

/** Marks every notification read, then shows the list again. */
export function MarkAllReadButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [note, show] = useTimedMessage();
  const markAll = async () => {
    setBusy(true);
    const result = await callApi('/api/notifications', { mode: 'MarkAllRead' });
    setBusy(false);
    if (!result.ok) {
      show(
        { text: result.body.error ?? 'Could not mark them read', tone: 'error' },
        ERROR_MESSAGE_MS,
      );
      return;
    }
    window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: 0 }));
    router.refresh();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={markAll}
        disabled={busy}
        data-testid="mark-all-read"
        className="rounded-full border border-white/20 px-4 py-2 text-sm text-white hover:bg-white/10 disabled:opacity-50"
      >
        Mark all read
      </button>
      <TimedNote message={note} />
    </div>
  );
}
