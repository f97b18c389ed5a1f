'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

/** A new, empty playlist; videos are added from their pages. */
export function CreatePlaylistForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [message, show] = useTimedMessage();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await callApi('/api/v2/playlists', {
      mode: 'create',
      name,
      isPublic,
    });
    if (!result.ok) {
      show({ text: result.body.error ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    setName('');
    router.push(`/playlist/${result.body._id}`);
  };
  return (
    <form method="post" onSubmit={submit} className="mb-6 flex flex-wrap items-end gap-3">
      <label className="text-sm">
        New playlist
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
          className="mt-1 block w-64 max-w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm"
        />
      </label>
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input
          type="checkbox"
          checked={!isPublic}
          onChange={(event) => setIsPublic(!event.target.checked)}
          className="accent-[#ff9800]"
        />
        Private
      </label>
      <button
        type="submit"
        className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black"
      >
        Create
      </button>
      <TimedNote message={message} />
    </form>
  );
}
