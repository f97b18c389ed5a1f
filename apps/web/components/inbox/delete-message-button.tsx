'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { InboxBox } from '@cutroom/core/features/people/messages/messages.schema';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

/** Deletes the viewer's copy of a message after a confirmation; the other side keeps theirs. */
export function DeleteMessageButton({
  id,
  box,
  otherUsername,
}: {
  id: string;
  box: InboxBox;
  otherUsername: string;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, show] = useTimedMessage();

  const remove = async () => {
    setBusy(true);
    const result = await callApi('/api/v2/profileInput', { mode: 'DeleteInboxMessage', id });
    setBusy(false);
    if (!result.ok) {
      show({ text: result.body.error ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    router.push(box === 'sent' ? '/inbox?tab=sent' : '/inbox');
    router.refresh();
  };

  return (
    <div className="flex flex-col gap-1">
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm deletion"
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <span>Delete this message? {otherUsername} keeps their copy.</span>
          <button
            type="button"
            disabled={busy}
            onClick={remove}
            className="rounded-full bg-red-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
            data-testid="confirm-delete-message"
          >
            Delete
          </button>
          <button
            type="button"
            autoFocus
            onClick={() => setConfirming(false)}
            className="rounded-full border border-white/20 px-4 py-2 hover:bg-white/10"
          >
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="self-start rounded-full border border-red-500/60 px-4 py-2 text-sm text-red-300 hover:bg-red-500/10"
          data-testid="delete-message"
        >
          Delete…
        </button>
      )}
      <TimedNote message={note} />
    </div>
  );
}
