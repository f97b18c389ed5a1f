'use client';

import { useState } from 'react';
import { callApi } from '@/lib/client/api';

/** "Block" on another member's profile: hides their messages and comments from the viewer. */
export function BlockButton({
  username,
  initiallyBlocked,
}: {
  username: string;
  initiallyBlocked: boolean;
}) {
  const [blocked, setBlocked] = useState(initiallyBlocked);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  // Blocking asks first (it hides their messages and comments); unblocking does not.
  const [confirming, setConfirming] = useState(false);

  const toggle = async () => {
    setConfirming(false);
    setBusy(true);
    const result = await callApi('/api/v2/privacy', {
      mode: blocked ? 'Unblock' : 'Block',
      username,
    });
    setBusy(false);
    if (!result.ok) {
      setNote({ text: result.body.error ?? 'That did not work. Please try again', error: true });
      return;
    }
    setBlocked(!blocked);
    setNote({
      text: blocked
        ? `You unblocked ${username}.`
        : `You blocked ${username}: their messages and comments are hidden from you, and they cannot message you.`,
      error: false,
    });
  };

  return (
    <div className="flex max-w-xs flex-col items-start gap-1">
      {confirming ? (
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-neutral-300">
            Block {username}? Their messages and comments are hidden from you.
          </span>
          <button
            type="button"
            onClick={() => void toggle()}
            disabled={busy}
            data-testid="block-confirm"
            className="rounded-full border border-white/20 px-4 py-2 font-semibold hover:bg-white/10 disabled:opacity-60"
          >
            Yes, block
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-full px-4 py-2 text-neutral-300 hover:bg-white/10"
          >
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          onClick={() => (blocked ? void toggle() : setConfirming(true))}
          disabled={busy}
          aria-pressed={blocked}
          data-testid="block-button"
          className="inline-flex items-center justify-center rounded-full border border-white/20 px-4 py-2 text-sm font-semibold hover:bg-white/10 disabled:opacity-60"
        >
          {blocked ? 'Unblock' : 'Block'}
        </button>
      )}
      <p
        role="status"
        className={`text-xs ${note?.error ? 'text-red-400' : 'text-neutral-300'}`}
        data-testid="block-note"
      >
        {note?.text ?? ''}
      </p>
    </div>
  );
}
