'use client';

import { useId, useRef, useState } from 'react';
import { mayActAsMember } from '@/lib/member-hint';
import { loadOnce, useLoadOnPress } from '@/components/ui/load-on-press';

const loadMenu = loadOnce(() => import('./playlist-menu'));

/**
 * "Save to playlist": a button whose menu (the viewer's playlists, a new playlist form) loads on
 * its first press, or as a pointer or the focus comes to it (docs/pages.md).
 */
export function AddToPlaylist({ videoId, signedIn }: { videoId: string; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const { loaded, warm, press } = useLoadOnPress(loadMenu);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);

  const login = () => {
    window.location.href = `/login?next=${encodeURIComponent(window.location.pathname)}`;
  };
  const toggleOpen = () => {
    // A member pressing before their parts of the shared page came is still a member.
    if (!mayActAsMember(signedIn)) return login();
    const next = !open;
    setOpen(next);
    if (next) press();
  };

  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggleOpen}
        onPointerEnter={warm}
        onTouchStart={warm}
        onFocus={warm}
        data-testid="add-to-playlist"
        className="rounded-full border border-white/20 px-3 py-1.5 text-sm hover:bg-white/10"
      >
        + Save to playlist
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute left-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-white/10 bg-surface-overlay p-3 shadow-xl"
          data-testid="playlist-menu"
        >
          {loaded ? (
            <loaded.PlaylistMenu videoId={videoId} login={login} />
          ) : (
            <p className="text-sm text-neutral-400">Loading…</p>
          )}
        </div>
      )}
    </div>
  );
}
