'use client';

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { callLibrary, isMemberReading, localPlace, type Place } from './library-client';

interface LibraryState {
  /** True once a member's state is known (a visitor's cards show no Watch later button). */
  isMember: boolean;
  inWatchLater: (videoId: string) => boolean;
  placeOf: (videoId: string) => Place | null;
  /** Adds or removes; answers the new state (unchanged when refused). */
  toggleWatchLater: (videoId: string) => Promise<boolean>;
}

const LibraryContext = createContext<LibraryState>({
  isMember: false,
  inWatchLater: () => false,
  placeOf: () => null,
  toggleWatchLater: async () => false,
});

export const useLibrary = () => useContext(LibraryContext);

/**
 * The member's Watch later marks and places for the videos of one listing (or one watch page),
 * asked for in one call after the page loads; a visitor's places come from this browser.
 */
export function LibraryStateProvider({
  videoIds,
  children,
}: {
  videoIds: string[];
  children: ReactNode;
}) {
  const [isMember, setMember] = useState(false);
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const [places, setPlaces] = useState<Map<string, Place>>(new Map());
  const key = videoIds.join(',');

  useEffect(() => {
    let live = true;
    const ids = key ? key.split(',').slice(0, 60) : [];
    if (!isMemberReading()) {
      const local = new Map<string, Place>();
      for (const id of ids) {
        const place = localPlace(id);
        if (place) local.set(id, place);
      }
      setPlaces(local);
      return;
    }
    void callLibrary('LibraryState', { videoIds: ids }).then((answer) => {
      if (!live || !answer) return;
      setMember(true);
      setSaved(new Set(answer.watchLater));
      setPlaces(new Map(answer.progress.map(({ videoId, ...place }) => [videoId, place])));
    });
    return () => {
      live = false;
    };
  }, [key]);

  const toggleWatchLater = useCallback(
    async (videoId: string) => {
      const adding = !saved.has(videoId);
      const answer = await callLibrary(adding ? 'AddWatchLater' : 'RemoveWatchLater', {
        videoId,
      });
      if (!answer) return !adding;
      setSaved((current) => {
        const next = new Set(current);
        if (adding) next.add(videoId);
        else next.delete(videoId);
        return next;
      });
      return adding;
    },
    [saved],
  );

  return (
    <LibraryContext.Provider
      value={{
        isMember,
        inWatchLater: (videoId) => saved.has(videoId),
        placeOf: (videoId) => places.get(videoId) ?? null,
        toggleWatchLater,
      }}
    >
      {children}
    </LibraryContext.Provider>
  );
}

/** The red line under a thumbnail: how far the member got. */
export function CardProgress({ videoId }: { videoId: string }) {
  const place = useLibrary().placeOf(videoId);
  if (!place) return null;
  const percent = Math.min(100, Math.max(2, (place.position / place.duration) * 100));
  return (
    <div
      className="absolute inset-x-0 bottom-0 h-1 bg-white/30"
      data-testid="card-progress"
      role="img"
      aria-label={`Watched ${Math.round(percent)} %`}
    >
      <div className="h-full bg-red-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Watch later on a card or the watch page: members only (visitors see nothing). */
export function WatchLaterButton({
  videoId,
  title,
  compact,
}: {
  videoId: string;
  title: string;
  compact?: boolean;
}) {
  const library = useLibrary();
  const [busy, setBusy] = useState(false);
  if (!library.isMember) return null;
  const saved = library.inWatchLater(videoId);
  const label = saved ? 'Remove from Watch later' : 'Watch later';
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={compact ? `${label}: ${title}` : undefined}
      title={compact ? label : undefined}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await library.toggleWatchLater(videoId);
        setBusy(false);
      }}
      data-testid="watch-later-button"
      className={
        compact
          ? 'rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium hover:bg-black'
          : 'rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10 aria-pressed:border-accent aria-pressed:text-accent'
      }
    >
      {compact ? (saved ? '✓ Later' : '+ Later') : saved ? '✓ Watch later' : '+ Watch later'}
    </button>
  );
}

/** The watch page's Watch later button, with its own state (members only). */
export function VideoWatchLater({ videoId, title }: { videoId: string; title: string }) {
  return (
    <LibraryStateProvider videoIds={[videoId]}>
      <WatchLaterButton videoId={videoId} title={title} />
    </LibraryStateProvider>
  );
}
