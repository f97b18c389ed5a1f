'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { FriendshipState } from '@cutroom/core/features/people/friends/friends.service';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

type Action =
  | 'SendFriendRequest'
  | 'AcceptFriendRequest'
  | 'DeclineFriendRequest'
  | 'CancelFriendRequest'
  | 'RemoveFriend';

const BUTTONS: Record<
  Exclude<FriendshipState, 'self'>,
  { action: Action; label: string; primary?: boolean }[]
> = {
  none: [{ action: 'SendFriendRequest', label: 'Add friend', primary: true }],
  requested: [{ action: 'CancelFriendRequest', label: 'Cancel friend request' }],
  incoming: [
    { action: 'AcceptFriendRequest', label: 'Accept friend request', primary: true },
    { action: 'DeclineFriendRequest', label: 'Decline' },
  ],
  friends: [{ action: 'RemoveFriend', label: 'Unfriend' }],
};

const STATE_NOTES: Partial<Record<FriendshipState, string>> = {
  requested: 'Friend request sent',
  incoming: 'Wants to be your friend',
  friends: 'Friends',
};

/** The friendship controls for another user; unfriending goes through /api/removeFriend. */
export function FriendButton({
  username,
  state: initialState,
  signedIn,
  compact = false,
}: {
  username: string;
  state: FriendshipState;
  signedIn: boolean;
  compact?: boolean;
}) {
  const router = useRouter();
  const [state, setState] = useState(initialState);
  const [busy, setBusy] = useState(false);
  const [message, show] = useTimedMessage();
  if (state === 'self') return null;

  const run = async (action: Action) => {
    if (!signedIn) {
      window.location.href = `/login?next=${encodeURIComponent(window.location.pathname)}`;
      return;
    }
    setBusy(true);
    const result =
      action === 'RemoveFriend'
        ? await callApi('/api/removeFriend', {
            user: username,
          })
        : await callApi('/api/v2/profileInput', {
            mode: action,
            username,
          });
    setBusy(false);
    if (!result.ok) {
      show({ text: result.body.error ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    setState(result.body.data.friendship);
    router.refresh();
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        {!compact && STATE_NOTES[state] && (
          <span className="text-sm text-neutral-400" data-testid="friendship-state">
            {STATE_NOTES[state]}
          </span>
        )}
        {BUTTONS[state].map(({ action, label, primary }) => (
          <button
            key={action}
            type="button"
            disabled={busy}
            onClick={() => run(action)}
            data-testid={`friend-${action}`}
            aria-label={compact ? `${label}: ${username}` : undefined}
            className={`rounded-full text-sm disabled:opacity-60 ${compact ? 'px-3 py-1.5' : 'px-4 py-2'} ${
              primary
                ? 'bg-accent font-semibold text-black hover:bg-accent-strong'
                : 'border border-white/20 hover:bg-white/10'
            }`}
          >
            {compact && action === 'AcceptFriendRequest'
              ? 'Accept'
              : compact && action === 'CancelFriendRequest'
                ? 'Cancel'
                : label}
          </button>
        ))}
      </div>
      <TimedNote message={message} />
    </div>
  );
}
