'use client';

import { useEffect, useRef, useState } from 'react';
import type { VideoParts } from '@cutroom/core/features/site/member-parts/member-parts.schema';
import { useMemberViewer, useVideoParts } from '@/components/shell/member-parts';
import { mayActAsMember } from '@/lib/member-hint';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { AddToPlaylist } from '../playlist/add-to-playlist';
import { callApi } from '../../lib/client/api';
import { TimedNote } from './timed-note';

/** A repeated vote's message shows for 5 s (docs/messages.md, "Votes"). */
export const REPEAT_VOTE_MESSAGE_MS = 5_000;

export const ratioText = (upvotes: number, downvotes: number) => {
  const total = upvotes + downvotes;
  return total > 0
    ? `${Math.round((upvotes / total) * 100)} % liked (${total} ${total === 1 ? 'vote' : 'votes'})`
    : 'No votes yet';
};

interface VideoActionsProps {
  videoId: string;
  upvotes: number;
  downvotes: number;
  myVote: 1 | -1 | 0;
  isFavorited: boolean;
  favoritesCount: number;
  signedIn: boolean;
}

/** Vote buttons with the ratio, the favorite toggle and the add-to-playlist menu. */
export function VideoActions(props: VideoActionsProps) {
  const [counts, setCounts] = useState({ up: props.upvotes, down: props.downvotes });
  const [myVote, setMyVote] = useState(props.myVote);
  const [favorite, setFavorite] = useState({
    on: props.isFavorited,
    count: props.favoritesCount,
  });
  const [message, show] = useTimedMessage();
  // On the page every reader is served alike, the member's own vote and favorite come after.
  const member = useMemberViewer();
  const parts = useVideoParts(props.videoId);
  const [applied, setApplied] = useState<VideoParts | null>(null);
  // What the member did before their parts came is newer than the parts.
  const [acted, setActed] = useState(false);
  if (parts && parts !== applied) {
    setApplied(parts);
    if (!acted) {
      setMyVote(parts.myVote);
      // The shared page's counts may be older than the member's own vote or favorite (kept
      // pages live up to LISTING_CACHE_SECONDS): a count never shows fewer than theirs.
      setCounts((current) => ({
        up: Math.max(current.up, parts.myVote === 1 ? 1 : 0),
        down: Math.max(current.down, parts.myVote === -1 ? 1 : 0),
      }));
      setFavorite((current) => ({
        on: parts.isFavorited,
        count: Math.max(current.count, parts.isFavorited ? 1 : 0),
      }));
    }
  }
  const signedIn = props.signedIn || member !== null;
  // A visitor's vote sends them to sign in and back to the same address (the feed's ?v= too),
  // where the vote is made on the same video.
  const login = (pending?: 'Upvote' | 'Downvote') => {
    if (pending) savePendingVote(props.videoId, pending);
    const back = window.location.pathname + window.location.search;
    window.location.href = `/login?next=${encodeURIComponent(back)}`;
  };
  const pendingTaken = useRef(false);
  useEffect(() => {
    if (!signedIn || pendingTaken.current) return;
    const pending = takePendingVote(props.videoId);
    if (!pending) return;
    pendingTaken.current = true;
    void vote(pending);
  });

  const vote = async (mode: 'Upvote' | 'Downvote') => {
    if (!mayActAsMember(signedIn)) return login(mode);
    setActed(true);
    const result = await callApi('/api/v2/videoInput', { mode, _id: props.videoId });
    if (result.status === 401) return login(mode);
    if (result.ok) {
      setCounts({ up: result.body.video.upvotes, down: result.body.video.downvotes });
      setMyVote(result.body.video.vote);
      return;
    }
    const text = result.body.Message ?? result.body.error ?? 'Something went wrong';
    show(
      { text, tone: result.status === 409 ? 'info' : 'error' },
      result.body.Message ? REPEAT_VOTE_MESSAGE_MS : ERROR_MESSAGE_MS,
    );
  };

  const toggleFavorite = async () => {
    if (!mayActAsMember(signedIn)) return login();
    setActed(true);
    const result = await callApi('/api/v2/videoInput', {
      mode: 'favorite',
      _id: props.videoId,
      favorite: !favorite.on,
    });
    if (result.status === 401) return login();
    if (!result.ok) {
      show({ text: result.body.error ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    setFavorite({ on: result.body.video.isFavorited, count: result.body.video.favoritesCount });
  };

  const buttonClass = (active: boolean) =>
    `flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm ${
      active ? 'border-accent bg-accent/15 text-accent' : 'border-white/20 hover:bg-white/10'
    }`;

  return (
    <div className="mt-3 space-y-1" data-testid="video-actions">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass(myVote === 1)}
          aria-pressed={myVote === 1}
          onClick={() => vote('Upvote')}
          data-testid="upvote"
        >
          <span aria-hidden="true">▲</span> {counts.up}
          <span className="sr-only">Upvote</span>
        </button>
        <button
          type="button"
          className={buttonClass(myVote === -1)}
          aria-pressed={myVote === -1}
          onClick={() => vote('Downvote')}
          data-testid="downvote"
        >
          <span aria-hidden="true">▼</span> {counts.down}
          <span className="sr-only">Downvote</span>
        </button>
        <span className="text-sm text-neutral-400" data-testid="video-ratio">
          {ratioText(counts.up, counts.down)}
        </span>
        <button
          type="button"
          className={buttonClass(favorite.on)}
          aria-pressed={favorite.on}
          onClick={toggleFavorite}
          data-testid="favorite"
        >
          <span aria-hidden="true">{favorite.on ? '★' : '☆'}</span>
          {favorite.on ? 'Favorited' : 'Favorite'}
          <span className="text-neutral-400">{favorite.count}</span>
        </button>
        <AddToPlaylist videoId={props.videoId} signedIn={signedIn} />
      </div>
      <TimedNote message={message} testId="video-action-message" />
    </div>
  );
}

const PENDING_VOTE_KEY = 'cutroom-pending-vote';
/** A vote made before signing in is kept this long for the way back. */
const PENDING_VOTE_MS = 15 * 60 * 1000;

function savePendingVote(videoId: string, mode: 'Upvote' | 'Downvote') {
  try {
    sessionStorage.setItem(PENDING_VOTE_KEY, JSON.stringify({ videoId, mode, at: Date.now() }));
  } catch {
    // Storage refused: the reader votes again after signing in.
  }
}

/** The vote a visitor made on `videoId` before signing in, once. */
function takePendingVote(videoId: string): 'Upvote' | 'Downvote' | null {
  try {
    const raw = sessionStorage.getItem(PENDING_VOTE_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as { videoId?: string; mode?: string; at?: number };
    if (pending.videoId !== videoId) return null;
    sessionStorage.removeItem(PENDING_VOTE_KEY);
    const isFresh = typeof pending.at === 'number' && Date.now() - pending.at < PENDING_VOTE_MS;
    return isFresh && (pending.mode === 'Upvote' || pending.mode === 'Downvote')
      ? pending.mode
      : null;
  } catch {
    return null;
  }
}
