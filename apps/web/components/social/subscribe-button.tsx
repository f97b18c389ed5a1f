'use client';

import { useState } from 'react';
import type { VideoParts } from '@cutroom/core/features/site/member-parts/member-parts.schema';
import { useMemberViewer, useVideoParts } from '@/components/shell/member-parts';
import { mayActAsMember } from '@/lib/member-hint';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from './timed-note';

/** Subscribe / Unsubscribe toggle with the subscriber count beside it. */
export function SubscribeButton({
  username,
  initiallySubscribed,
  initialCount,
  signedIn: renderedSignedIn,
  videoId = null,
}: {
  username: string;
  initiallySubscribed: boolean;
  initialCount: number;
  signedIn: boolean;
  /** On a video page: the member's own state comes with the video's parts. */
  videoId?: string | null;
}) {
  const [subscribed, setSubscribed] = useState(initiallySubscribed);
  const [count, setCount] = useState(initialCount);
  const [busy, setBusy] = useState(false);
  const [message, show] = useTimedMessage();
  // On the page every reader is served alike, the member's own state comes after.
  const member = useMemberViewer();
  const parts = useVideoParts(videoId);
  const [applied, setApplied] = useState<VideoParts | null>(null);
  // What the member did before their parts came is newer than the parts.
  const [acted, setActed] = useState(false);
  if (parts && parts !== applied) {
    setApplied(parts);
    if (!acted) setSubscribed(parts.subscribed);
  }
  const signedIn = renderedSignedIn || member !== null;
  const login = () => {
    window.location.href = `/login?next=${encodeURIComponent(window.location.pathname)}`;
  };
  const toggle = async () => {
    if (!mayActAsMember(signedIn)) return login();
    setActed(true);
    setBusy(true);
    const result = await callApi('/api/v2/profileInput', {
      mode: 'subscribe',
      username,
      subscribe: !subscribed,
    });
    setBusy(false);
    if (result.status === 401) return login();
    if (!result.ok) {
      show({ text: result.body.error ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    setSubscribed(result.body.data.subscribed);
    setCount(result.body.data.subscribersCount);
  };
  // Nobody subscribes to themselves.
  if (parts?.isOwner) return null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={toggle}
          disabled={busy}
          aria-pressed={subscribed}
          data-testid="subscribe-button"
          className={`rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60 ${
            subscribed
              ? 'border border-white/20 text-white hover:bg-white/10'
              : 'bg-accent text-black hover:bg-accent-strong'
          }`}
        >
          {subscribed ? 'Subscribed' : 'Subscribe'}
        </button>
        <span className="text-sm text-neutral-400" data-testid="subscriber-count">
          {count} {count === 1 ? 'subscriber' : 'subscribers'}
        </span>
      </div>
      <TimedNote message={message} />
    </div>
  );
}
