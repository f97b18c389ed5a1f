'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useEffect, useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import type { PlaylistMenuAnswer } from '@cutroom/core/features/discovery/browse/answers';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';
import { NewPlaylistForm } from './create-playlist-form';

type MenuPlaylist = PlaylistMenuAnswer['data'][number];

/**
 * The inside of "Save to playlist": the viewer's playlists as checkboxes, and a new playlist
 * form. Loaded on the menu's first press (add-to-playlist.tsx); read again at each opening.
 */
export function PlaylistMenu({ videoId, login }: { videoId: string; login: () => void }) {
  const [playlists, setPlaylists] = useState<MenuPlaylist[] | null>(null);
  const [message, show] = useTimedMessage();

  const load = async () => {
    const result = await callApi('/api/v2/playlists', {
      mode: 'forVideo',
      videoId,
    });
    if (result.status === 401) return login();
    if (result.ok) setPlaylists(result.body.data);
    else
      show(
        { text: result.body.error ?? 'Could not load playlists', tone: 'error' },
        ERROR_MESSAGE_MS,
      );
  };
  useEffect(() => {
    void load();
    // Once per opening: the menu is drawn anew each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = async (playlist: MenuPlaylist) => {
    // The box flips at once; a refusal puts it back.
    const flip = (hasVideo: boolean) =>
      setPlaylists((current) =>
        (current ?? []).map((item) => (item._id === playlist._id ? { ...item, hasVideo } : item)),
      );
    flip(!playlist.hasVideo);
    const result = await callApi('/api/v2/playlists', {
      mode: playlist.hasVideo ? 'removeVideo' : 'addVideo',
      _id: playlist._id,
      videoId,
    });
    if (!result.ok) {
      flip(playlist.hasVideo);
      show({ text: result.body.error ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);
      return;
    }
    show(
      {
        text: playlist.hasVideo ? `Removed from ${playlist.name}` : `Added to ${playlist.name}`,
        tone: 'info',
      },
      ERROR_MESSAGE_MS,
    );
  };
  return (
    <>
      {playlists === null ? (
        <p className="text-sm text-neutral-400">Loading…</p>
      ) : playlists.length === 0 ? (
        <p className="text-sm text-neutral-400">No playlists yet: make one below.</p>
      ) : (
        <ul className="max-h-60 space-y-1 overflow-y-auto">
          {playlists.map((playlist) => (
            <li key={playlist._id}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-white/10">
                <input
                  type="checkbox"
                  checked={playlist.hasVideo}
                  onChange={() => toggle(playlist)}
                  className="accent-[#ff9800]"
                />
                <span className="min-w-0 flex-1 truncate">{playlist.name}</span>
                {!playlist.isPublic && <span className="text-xs text-neutral-400">Private</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      <NewPlaylistForm
        look="stacked"
        submitLabel="Create and add"
        videoId={videoId}
        onCreated={async (playlist) => {
          show({ text: `Added to ${playlist.name}`, tone: 'info' }, ERROR_MESSAGE_MS);
          await load();
        }}
        onRefused={(text) => show({ text, tone: 'error' }, ERROR_MESSAGE_MS)}
      />
      <TimedNote message={message} testId="playlist-menu-message" />
      <IntentLink
        href="/profile?tab=playlists"
        className="mt-1 block text-xs text-accent underline"
      >
        Manage your playlists
      </IntentLink>
    </>
  );
}
