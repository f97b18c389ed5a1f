'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

/** How the form sits: a row on the profile's playlists tab, or stacked in a menu. */
const LOOKS = {
  row: {
    form: 'mb-6 flex flex-wrap items-end gap-3',
    label: 'text-sm',
    caption: '',
    input: 'mt-1 block w-64 max-w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm',
    privacy: 'flex items-center gap-2 pb-2 text-sm',
    button: 'rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black',
  },
  stacked: {
    form: 'mt-3 space-y-2 border-t border-white/10 pt-3',
    label: 'block text-sm',
    caption: 'text-neutral-300',
    input: 'mt-1 w-full rounded border border-white/15 bg-surface px-2 py-1.5 text-sm',
    privacy: 'flex items-center gap-2 text-sm',
    button: 'rounded-full bg-accent px-3 py-1.5 text-sm font-semibold text-black',
  },
};

/**
 * A new playlist: its name and whether it is private. With `videoId`, the playlist starts with
 * that video. A refusal is told by `onRefused` (the caller's own note); `onCreated` hears the
 * new playlist, and the name is cleared for the next.
 */
export function NewPlaylistForm(props: {
  look: keyof typeof LOOKS;
  submitLabel: string;
  videoId?: string;
  onCreated: (playlist: { id: string; name: string }) => void | Promise<void>;
  onRefused: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const look = LOOKS[props.look];
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await callApi('/api/v2/playlists', {
      mode: 'create',
      name,
      isPublic,
      ...(props.videoId ? { thumbnail: props.videoId } : {}),
    });
    if (!result.ok) {
      props.onRefused(result.body.error ?? 'Something went wrong');
      return;
    }
    setName('');
    await props.onCreated({ id: result.body._id, name: name.trim() });
  };
  return (
    <form method="post" onSubmit={submit} className={look.form}>
      <label className={look.label}>
        <span className={look.caption || undefined}>New playlist</span>
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
          data-testid="new-playlist-name"
          className={look.input}
        />
      </label>
      <label className={look.privacy}>
        <input
          type="checkbox"
          checked={!isPublic}
          onChange={(event) => setIsPublic(!event.target.checked)}
          className="accent-[#ff9800]"
        />
        Private
      </label>
      <button type="submit" data-testid="create-playlist" className={look.button}>
        {props.submitLabel}
      </button>
    </form>
  );
}

/** A new, empty playlist on the profile's playlists tab; videos are added from their pages. */
export function CreatePlaylistForm() {
  const router = useRouter();
  const [message, show] = useTimedMessage();
  return (
    <>
      <NewPlaylistForm
        look="row"
        submitLabel="Create"
        onCreated={({ id }) => router.push(`/playlist/${id}`)}
        onRefused={(text) => show({ text, tone: 'error' }, ERROR_MESSAGE_MS)}
      />
      <TimedNote message={message} />
    </>
  );
}
