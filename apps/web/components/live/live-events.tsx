'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Where a live page is (docs/live.md): waiting for a scheduled live, on air with its first
 * seconds on their way (`starting`), on air, or ended with its replay being prepared.
 */
export type LivePhase = 'scheduled' | 'starting' | 'live' | 'ended';

export interface LivePageState {
  phase: LivePhase;
  /** The number watching (or waiting), once the stream said it. */
  watching: number | null;
  /** Grows each time the chat changed. */
  chatChanges: number;
  /** The live ended since the page was drawn (`hasReplay`: the streamer kept one). */
  end: { hasReplay: boolean } | null;
}

const LivePageContext = createContext<LivePageState | null>(null);

/** The live page's events, as its parts (the stage, the chat, the waiting page) read them. */
export function useLivePage(): LivePageState | null {
  return useContext(LivePageContext);
}

/**
 * One event stream a live page (its viewer's presence: a second would count them twice). The
 * number watching and chat changes go to its parts; the end shows at once ("The live has
 * ended") and the page is drawn again as the ended live; when the live (a waiting page's, a
 * starting one's) or its replay plays, the page is drawn again and shows it. A page drawn while
 * starting or ended asks once more as it starts listening: what it waits for may have come
 * between its drawing and the stream's opening.
 */
export function LiveEvents({
  videoId,
  phase,
  children,
}: {
  videoId: string;
  phase: LivePhase;
  children: ReactNode;
}) {
  const router = useRouter();
  const [watching, setWatching] = useState<number | null>(null);
  const [chatChanges, setChatChanges] = useState(0);
  const [end, setEnd] = useState<LivePageState['end']>(null);
  // The page keeps its one stream as it is drawn again (starting, then live, then ended): a
  // stream closed and opened again would count its viewer twice until the server noticed.
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  useEffect(() => {
    const source = new EventSource(`/api/live/${encodeURIComponent(videoId)}/events`);
    source.addEventListener('watching', (event) => {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
      setWatching(count);
    });
    source.addEventListener('chat', () => setChatChanges((n) => n + 1));
    source.addEventListener('live-ended', (event) => {
      const { hasReplay } = JSON.parse((event as MessageEvent<string>).data) as {
        hasReplay: boolean;
      };
      setEnd((before) => ({ hasReplay: (before?.hasReplay ?? true) && hasReplay }));
      // Without a replay the video is gone: the page stays as it is, saying so.
      if (hasReplay) router.refresh();
      else source.close();
    });
    for (const type of ['published', 'failed', 'held']) {
      source.addEventListener(type, () => router.refresh());
    }
    // Who may open the live changed and this viewer may no longer (docs/security.md, "Media"):
    // the stream has ended, and the page shows what the live is to them now.
    source.addEventListener('access', () => {
      source.close();
      router.refresh();
    });
    source.addEventListener(
      'open',
      () => {
        if (phaseRef.current === 'starting' || phaseRef.current === 'ended') router.refresh();
      },
      { once: true },
    );
    return () => source.close();
  }, [videoId, router]);
  return (
    <LivePageContext.Provider value={{ phase, watching, chatChanges, end }}>
      {children}
    </LivePageContext.Provider>
  );
}

/**
 * Where the player stands on a live page: the player on air; "The live starts in a moment"
 * before its first seconds are in; "The live has ended" from its end (within the second its
 * end is announced), with the replay's state, until the replay plays (`children` is the
 * player, drawn when there is one to show).
 */
export function LiveStage({
  hasPlayer,
  children,
}: {
  /** The server drew a player (the live, or the replay's first quality for its owner). */
  hasPlayer: boolean;
  children: ReactNode;
}) {
  const live = useLivePage();
  const hasEnded = live?.phase === 'ended' || live?.end != null;
  if (live?.phase === 'starting' && !live.end) {
    return (
      <LivePanel testId="live-starting" badge="Live">
        <p className="text-lg font-semibold text-white">The live starts in a moment</p>
        <p className="text-sm text-neutral-400">
          Its first seconds are on their way: this page plays it by itself.
        </p>
      </LivePanel>
    );
  }
  if (hasEnded && !(live?.phase === 'ended' && hasPlayer)) {
    const hasReplay = live?.end?.hasReplay ?? true;
    return (
      <LivePanel testId="live-ended" badge="Ended">
        <p className="text-lg font-semibold text-white">The live has ended</p>
        <p className="text-sm text-neutral-400">
          {hasReplay
            ? 'Its replay is being prepared: it plays here by itself once ready.'
            : 'The streamer kept no replay of it.'}
        </p>
      </LivePanel>
    );
  }
  return children;
}

/** The LIVE badge beside a live's title: gone the moment its end is heard. */
export function LiveBadge() {
  const live = useLivePage();
  if (live?.end) return null;
  return (
    <span
      data-testid="live-badge"
      className="mr-2 inline-block whitespace-nowrap rounded bg-red-600 px-2 py-0.5 align-middle text-xs font-bold uppercase text-white"
    >
      Live
    </span>
  );
}

function LivePanel({
  testId,
  badge,
  children,
}: {
  testId: string;
  badge: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl bg-surface-overlay p-6 text-center"
    >
      <span className="whitespace-nowrap rounded bg-red-600 px-2 py-0.5 text-xs font-bold uppercase text-white">
        {badge}
      </span>
      {children}
    </div>
  );
}
