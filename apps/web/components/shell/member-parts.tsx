'use client';

import { callApi } from '@/lib/client/api';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type {
  MemberParts,
  VideoParts,
} from '@cutroom/core/features/site/member-parts/member-parts.schema';
import { hasMemberHint, MEMBER_HINT_COOKIE } from '@/lib/member-hint';

export type MemberViewer = NonNullable<MemberParts['viewer']>;

interface MemberPartsState {
  /** The signed-in member's shell parts; null for a visitor or while they are asked for. */
  viewer: MemberViewer | null;
  videos: Record<string, VideoParts>;
  /** Whether the shell's parts are known: rendered in, answered, or no member reads the page. */
  settled: boolean;
  /** A video page asks for its parts (with the shell's call when that is still to come). */
  want: (videoId: string) => void;
}

const MemberPartsContext = createContext<MemberPartsState>({
  viewer: null,
  videos: {},
  settled: false,
  want: () => undefined,
});

async function fetchParts(videoId: string | null): Promise<MemberParts | null> {
  const answer = await callApi('/api/member-parts', videoId ? { videoId } : {});
  return answer.ok ? answer.body : null;
}

/**
 * Holds the member's own parts of the page. A page rendered for the member brings them
 * (`initial`); a page served alike to everyone (docs/decisions/0024) has none, and when the
 * member hint cookie says a member reads it they are asked for once, after it loads.
 */
export function MemberPartsProvider({
  initial,
  children,
}: {
  initial: MemberViewer | null;
  children: ReactNode;
}) {
  const [viewer, setViewer] = useState(initial);
  const [videos, setVideos] = useState<Record<string, VideoParts>>({});
  const [settled, setSettled] = useState(initial !== null);
  /** Whether the shell's parts are known (rendered in, or answered). */
  const known = useRef(initial !== null);
  const member = useRef(initial !== null);
  /** The video wanted before the shell's call went out: asked for with it. */
  const pending = useRef<string | null>(null);
  const asked = useRef(new Set<string>());

  const apply = useCallback((parts: MemberParts) => {
    known.current = true;
    member.current = parts.viewer !== null;
    setViewer(parts.viewer);
    setSettled(true);
    const video = parts.video;
    if (video) setVideos((current) => ({ ...current, [video.videoId]: video }));
    // A session that ended: the hint goes, and later pages ask nothing.
    if (!parts.viewer) document.cookie = `${MEMBER_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }, []);

  const want = useCallback(
    (videoId: string) => {
      if (asked.current.has(videoId)) return;
      if (!known.current) {
        pending.current = videoId;
        return;
      }
      if (!member.current) return;
      asked.current.add(videoId);
      void fetchParts(videoId).then((parts) => parts && apply(parts));
    },
    [apply],
  );

  // Runs after the page's own effects, so a video page's `want` rides along.
  useEffect(() => {
    if (known.current || !hasMemberHint(document.cookie)) {
      known.current = true;
      setSettled(true);
      const videoId = pending.current;
      pending.current = null;
      if (videoId && member.current) want(videoId);
      return;
    }
    const videoId = pending.current;
    pending.current = null;
    if (videoId) asked.current.add(videoId);
    void fetchParts(videoId).then((parts) => {
      if (parts) apply(parts);
      else known.current = true;
    });
  }, [apply, want]);

  const value = useMemo(() => ({ viewer, videos, settled, want }), [viewer, videos, settled, want]);
  return <MemberPartsContext.Provider value={value}>{children}</MemberPartsContext.Provider>;
}

/** The signed-in member as the page knows them now; null for a visitor (or not known yet). */
export function useMemberViewer(): MemberViewer | null {
  return useContext(MemberPartsContext).viewer;
}

/** This member's parts of a video page; null until known (and for visitors). */
export function useVideoParts(videoId: string | null): VideoParts | null {
  const { videos, want } = useContext(MemberPartsContext);
  useEffect(() => {
    if (videoId) want(videoId);
  }, [want, videoId]);
  return videoId ? (videos[videoId] ?? null) : null;
}

/**
 * Whether the reader is known not to be a supporter: true for a visitor at once (no member
 * hint) and for a member once their parts say so; false for a supporter; null while unknown
 * (a member's parts on their way, or not answered). Ad code waits for true (docs/ads.md).
 */
export function useNotSupporter(): boolean | null {
  const { viewer, settled } = useContext(MemberPartsContext);
  return settled ? !viewer?.adFree : null;
}

/** Promotions: hidden once the reader is known to be a supporter. */
export function NotForSupporters({ children }: { children: ReactNode }) {
  const viewer = useMemberViewer();
  return viewer?.adFree ? null : children;
}
