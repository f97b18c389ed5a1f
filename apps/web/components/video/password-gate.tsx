'use client';

import { useEffect, useId, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { hasMemberHint } from '@/lib/member-hint';
import { WatchPlayer, type WatchPlayerProps } from './watch-player';

/** What an unlock answers: the media's addresses under its token (docs/videos.md). */
interface UnlockedMedia {
  masterPlaylistUrl: string;
  posterUrl: string;
  spritesVttUrl: string | null;
  subtitles: { language: string; label: string; url: string }[];
}

type GateProps = Omit<
  WatchPlayerProps,
  'masterPlaylistUrl' | 'posterUrl' | 'spritesVttUrl' | 'subtitles'
>;

/**
 * A password video's player (docs/videos.md): the page everyone is served holds no media
 * address; the password is asked here and sent to the unlock call, which answers the media's
 * addresses. Its owner and staff are let in without it (a signed-in reader's first call
 * carries no password).
 */
export function PasswordGate(props: GateProps) {
  const [media, setMedia] = useState<UnlockedMedia | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const { videoId } = props;

  useEffect(() => {
    if (!hasMemberHint(document.cookie)) return;
    void callApi('/api/v2/videoSettings', { mode: 'Unlock', _id: videoId }).then((result) => {
      if (result.ok) setMedia(result.body);
    });
  }, [videoId]);

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
    });
    setBusy(false);
    if (result.ok) setMedia(result.body);
    else {
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
