'use client';

import { useEffect, useId, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { useVideoParts } from '@/components/shell/member-parts';
import { hasMemberHint } from '@/lib/member-hint';
import { unlockCookieName } from '@cutroom/core/features/videos/settings/unlock-cookie';
import { MEDIA_CHANGED_EVENT, UNLOCKED_EVENT } from './media-follower';
import { WatchPlayer, type WatchPlayerProps } from './watch-player';

/** What an unlock answers: the media's addresses under its grant (docs/videos.md). */
interface UnlockedMedia {
  masterPlaylistUrl: string;
  posterUrl: string;
  spritesVttUrl: string | null;
  subtitles: { language: string; label: string; url: string }[];
  unlock: string;
}

// The browser session's unlock of a video is kept in a cookie with no end (gone when the
// browser closes): a reload or a new tab stays unlocked until the password changes, and the
// video's event stream knows this browser may follow the page.
function keptUnlock(videoId: string): string | undefined {
  const name = `${unlockCookieName(videoId)}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(name));
  return found ? decodeURIComponent(found.slice(name.length)) : undefined;
}

function keepUnlock(videoId: string, unlock: string | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = unlock
    ? `${unlockCookieName(videoId)}=${encodeURIComponent(unlock)}; Path=/; SameSite=Lax${secure}`
    : `${unlockCookieName(videoId)}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  if (unlock) window.dispatchEvent(new CustomEvent(UNLOCKED_EVENT));
}

/** This browser's own name for the password's tries: its wrong tries are its own. */
function clientId(): string | undefined {
  try {
    let id = localStorage.getItem('cutroom-client');
    if (!id) {
      id = crypto.randomUUID().replace(/-/g, '');
      localStorage.setItem('cutroom-client', id);
    }
    return id;
  } catch {
    return undefined;
  }
}

type GateProps = Omit<
  WatchPlayerProps,
  'masterPlaylistUrl' | 'posterUrl' | 'spritesVttUrl' | 'subtitles'
> & {
  /** Its owner or staff: let in without the password, so nothing is asked (no refused call). */
  canManage?: boolean;
};

/**
 * A password video's player (docs/videos.md): the page everyone is served holds no media
 * address; the password is asked here and sent to the unlock call, which answers the media's
 * addresses. Its owner and staff are let in without it (a signed-in reader's first call
 * carries no password), and so is this browser for the rest of its session once it gave it.
 */
export function PasswordGate({ canManage: isRenderedForManager, ...props }: GateProps) {
  // The page served alike to everyone knows its reader only from their parts.
  const parts = useVideoParts(props.videoId);
  const canManage = Boolean(isRenderedForManager || parts?.canManage);
  const [media, setMedia] = useState<UnlockedMedia | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const { videoId } = props;

  useEffect(() => {
    // Let in without the password: its owner and staff, and this browser for the rest of its
    // session once it gave it. Anyone else is asked first: no call the server must refuse.
    const open = (isFirst: boolean) => {
      const unlock = keptUnlock(videoId);
      if (!unlock && !(canManage && hasMemberHint(document.cookie))) {
        if (!isFirst) setMedia(null);
        return;
      }
      void callApi('/api/v2/videoSettings', { mode: 'Unlock', _id: videoId, unlock }).then(
        (result) => {
          if (result.ok) return setMedia(result.body);
          // The password changed since: it is asked again.
          if (unlock) keepUnlock(videoId, null);
          setMedia(null);
        },
      );
    };
    open(true);
    // A new password or a new file: its media have new addresses; the player made for them
    // goes on from where this one is (followNewMedia, docs/videos.md).
    const follow = () => open(false);
    window.addEventListener(MEDIA_CHANGED_EVENT, follow);
    return () => window.removeEventListener(MEDIA_CHANGED_EVENT, follow);
  }, [videoId, canManage]);

  if (media) {
    return (
      <WatchPlayer
        {...props}
        masterPlaylistUrl={media.masterPlaylistUrl}
        posterUrl={media.posterUrl}
        spritesVttUrl={media.spritesVttUrl}
        subtitles={media.subtitles}
      />
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await callApi('/api/v2/videoSettings', {
      mode: 'Unlock',
      _id: videoId,
      password,
      client: clientId(),
    });
    setBusy(false);
    if (result.ok) {
      keepUnlock(videoId, result.body.unlock);
      setMedia(result.body);
    } else {
      const text = result.body.error ?? 'Something went wrong';
      setError(text.replace(/^password: /, 'This '));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className={`flex flex-col items-center justify-center gap-3 bg-surface-overlay p-4 text-center ${
        props.fillFrame ? 'h-full w-full' : 'aspect-video rounded-xl'
      }`}
      data-testid="password-gate"
    >
      <p className="text-sm text-neutral-200">This video is protected by a password.</p>
      <label htmlFor={inputId} className="sr-only">
        Password
      </label>
      <div className="flex w-full max-w-xs flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          placeholder="Password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="min-w-0 flex-1 rounded border border-white/15 bg-surface px-3 py-2 text-sm text-white focus:border-accent focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-60"
        >
          Watch
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
