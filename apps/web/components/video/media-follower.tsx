'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { getCurrentPlayer } from './current-player';

/**
 * Told on the page when the video's media changed under it (a new file in place, a new
 * password): a password gate asks for the new addresses. Sent on `window`.
 */
export const MEDIA_CHANGED_EVENT = 'cutroom:media-changed';

/**
 * Told on the page when its reader gave a password video's password: the video's events,
 * closed to them until then, open. Sent on `window`.
 */
export const UNLOCKED_EVENT = 'cutroom:unlocked';

/** Where the page's player was when its media changed: the next player goes on from there. */
export interface FollowedPlace {
  position: number;
  isPlaying: boolean;
}

// The video whose media the page was told changed: its next player takes the place of the one
// playing now. One page plays one video (current-player.ts), so one slot is enough.
let followedVideoId: string | null = null;

/**
 * Tells the page that the video's media have new addresses: the gate asks for them, and the
 * player made for them goes on from where the page's player is then (playing if it played).
 */
export function followNewMedia(videoId: string): void {
  followedVideoId = videoId;
  window.dispatchEvent(new CustomEvent(MEDIA_CHANGED_EVENT));
}

/**
 * The place a new player of `videoId` goes on from after `followNewMedia`: read from the
 * page's player while it is still there (the new one is being drawn), so the new one starts
 * where the old one is at that moment, not where it was when the change was told.
 */
export function followedPlace(videoId: string): FollowedPlace | null {
  if (followedVideoId !== videoId) return null;
  const video = getCurrentPlayer()?.video;
  if (!video) return null;
  const position = video.currentTime;
  return {
    position: Number.isFinite(position) && position > 0 ? position : 0,
    isPlaying: !video.paused && !video.ended,
  };
}

/** The new player has taken the place: later players start as usual. */
export function forgetFollowedPlace(videoId: string): void {
  if (followedVideoId === videoId) followedVideoId = null;
}

/** Asks the page for the video's media again (the server renders the new addresses). */
function loadNewMedia(videoId: string, router: ReturnType<typeof useRouter>) {
  followNewMedia(videoId);
  router.refresh();
}

/**
 * An open video page follows a replacement of its file (docs/videos.md): told by the video's
 * events, a player that is not playing loads the new file at once; one that plays says "A new
 * version of this video is ready" and, when asked or when it stops playing, plays it on from
 * the same place, so nobody is cut off mid-sentence and nobody presses play on a playlist that
 * is gone.
 */
export function MediaFollower({ videoId }: { videoId: string }) {
  const router = useRouter();
  const [isWaiting, setWaiting] = useState(false);
  // Moves when the stream is opened again: a password video's reader who gave its password.
  const [opening, setOpening] = useState(0);
  /** The banner's new version, taken: pressed, or the old file stopped playing. */
  const takeNewVersion = useCallback(() => {
    setWaiting(false);
    loadNewMedia(videoId, router);
  }, [videoId, router]);
  useEffect(() => {
    const source = new EventSource(`/api/videos/${encodeURIComponent(videoId)}/events`);
    source.addEventListener('media', () => {
      const player = getCurrentPlayer();
      if (player && !player.video.paused) setWaiting(true);
      else loadNewMedia(videoId, router);
    });
    // Who may open the video changed and this viewer may no longer (a new password, made
    // private): the stream has ended, and the page shows what the video is to them now (the
    // password asked again, or why it is closed).
    source.addEventListener('access', () => {
      source.close();
      loadNewMedia(videoId, router);
    });
    // Refused before the password was given (404), a stream is not asked again by the browser.
    const reopen = () => {
      if (source.readyState === EventSource.CLOSED) setOpening((n) => n + 1);
    };
    window.addEventListener(UNLOCKED_EVENT, reopen);
    return () => {
      window.removeEventListener(UNLOCKED_EVENT, reopen);
      source.close();
    };
  }, [videoId, router, opening]);
  // A viewer told of the new version who stops playing the old one (pauses, reaches its end,
  // or its files are gone: they stay OLD_MEDIA_GRACE_SECONDS, docs/videos.md) has it loaded
  // then, at the same place, without being asked: nobody is left on a player that cannot go on.
  useEffect(() => {
    if (!isWaiting) return;
    const video = getCurrentPlayer()?.video;
    if (!video || video.paused) return takeNewVersion();
    const events = ['pause', 'ended', 'error'] as const;
    for (const type of events) video.addEventListener(type, takeNewVersion, { once: true });
    return () => {
      for (const type of events) video.removeEventListener(type, takeNewVersion);
    };
  }, [isWaiting, takeNewVersion]);
  if (!isWaiting) return null;
  return (
    <p
      role="status"
      className="mb-3 rounded-lg bg-accent/15 px-4 py-3 text-sm text-orange-100"
      data-testid="new-version"
    >
      A new version of this video is ready:{' '}
      <button type="button" className="font-semibold underline" onClick={takeNewVersion}>
        play it
      </button>
    </p>
  );
}
