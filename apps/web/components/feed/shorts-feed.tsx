'use client';

import '@cutroom/player/cutroom-player.css';
import type { Player } from '@cutroom/player';
import type { FeedVideo } from '@cutroom/core/features/discovery/feed/feed.service';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ProfileLink } from '@/components/profile/profile-link';
import { useNotSupporter } from '@/components/shell/member-parts';
import { callApi } from '@/lib/client/api';
import { VideoActions } from '@/components/social/video-actions';
import { setCurrentPlayer } from '@/components/video/current-player';
import { ShareMenu } from '@/components/video/share-menu';
import { countView } from '@/components/video/count-view';
import { SitePlayer } from '@/components/video/site-player';
import type { VideoAdSettings } from '@/lib/ads/ad-settings';
import { feedPreroll } from './feed-ads';
import { FeedComments } from './feed-comments';

/** Smooth, unless the reader asked for less motion. */
const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';

/** Load the next page when the active video is this close to the last one loaded. */
const LOAD_AHEAD = 3;

export interface ShortsFeedProps {
  initial: FeedVideo[];
  /** The video the address named (a reload keeps its place), or the first. */
  startIndex: number;
  hasMoreAfter: boolean;
  hasMoreBefore: boolean;
  publicUrl: string;
  /** VAST tags for non-supporters; none: no ads. */
  videoAds: VideoAdSettings | null;
  signedIn: boolean;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The vertical feed: one short video a screen, swiped (scroll snapping) or stepped with the
 * arrow keys. The active video plays; the next one is mounted with its media loading, so it
 * starts at once; the one before stays mounted, paused. Sound comes on with the first gesture.
 */
export function ShortsFeed(props: ShortsFeedProps) {
  const [items, setItems] = useState(props.initial);
  const [active, setActive] = useState(props.startIndex);
  const [more, setMore] = useState({ after: props.hasMoreAfter, before: props.hasMoreBefore });
  const [soundOn, setSoundOn] = useState(false);
  const [commentsFor, setCommentsFor] = useState<FeedVideo | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const loading = useRef({ after: false, before: false });
  /**
   * The step whose smooth scroll is under way (until its own `scrollend`), and the video it
   * heads to. An object a step: a step's end never clears a later step's.
   */
  const stepUnderWay = useRef<{ videoId: string } | null>(null);
  /**
   * The video on screen when videos were put in front of the list, and how far the feed was
   * scrolled past its top: it is put back there, wherever the browser's own scroll anchoring
   * or re-snapping has moved the feed meanwhile.
   */
  const keepOnScreen = useRef<{ videoId: string; offset: number } | null>(null);
  // How many videos have become active, for the pre-roll of every fifth.
  const [started, setStarted] = useState<Record<string, number>>({});
  const notSupporter = useNotSupporter();
  const current = items[active];
  /**
   * The pre-roll of a video that is (or is about to be) the fifth, tenth … one watched, for a
   * reader known not to be a supporter: the next video knows its place before it is active,
   * so its player is made with the ad once and loads ahead like any other.
   */
  const adFor = (video: FeedVideo, index: number): string | null =>
    feedPreroll({
      tag: props.videoAds?.prerollTag,
      notSupporter,
      order:
        started[video.id] ?? (index === active + 1 ? Object.keys(started).length + 1 : undefined),
    });

  // The place is kept in the address: a reload starts at the same video. Each video is an entry
  // of the history, so Back returns to the video before (popstate below).
  const fromHistory = useRef(true);
  useEffect(() => {
    if (!current) return;
    const url = `/shorts?v=${current.id}`;
    const state = { ...window.history.state, feedVideo: current.id };
    if (fromHistory.current) window.history.replaceState(state, '', url);
    else window.history.pushState(state, '', url);
    fromHistory.current = false;
    setStarted((known) =>
      current.id in known ? known : { ...known, [current.id]: Object.keys(known).length + 1 },
    );
  }, [current]);

  const load = useCallback(
    async (direction: 'after' | 'before') => {
      if (loading.current[direction]) return;
      const edge = direction === 'after' ? items.at(-1) : items[0];
      if (!edge) return;
      loading.current[direction] = true;
      const result = await callApi('/api/v2/feed', { [direction]: edge.id });
      loading.current[direction] = false;
      if (!result.ok) return;
      const known = new Set(items.map((item) => item.id));
      const fresh = result.body.data.filter((item) => !known.has(item.id));
      setMore((now) => ({ ...now, [direction]: result.body.hasMore }));
      if (direction === 'after') setItems((now) => [...now, ...fresh]);
      else {
        const element = scroller.current;
        if (element && fresh.length > 0 && element.clientHeight > 0) {
          const height = element.clientHeight;
          const index = Math.min(
            items.length - 1,
            Math.max(0, Math.round(element.scrollTop / height)),
          );
          keepOnScreen.current = {
            videoId: items[index]!.id,
            offset: element.scrollTop - index * height,
          };
        }
        setItems((now) => [...fresh, ...now]);
        setActive((index) => index + fresh.length);
      }
    },
    [items],
  );

  useEffect(() => {
    if (more.after && active >= items.length - LOAD_AHEAD) void load('after');
    if (more.before && active <= 1) void load('before');
  }, [active, items.length, more, load]);

  // After videos were put in front, the same video stays on screen. Set where it is, not moved
  // by as many screens: Chromium re-snaps the feed to the snapped video itself, and a move on
  // top of that landed on the video after it. A step's smooth scroll under way (toward the
  // place its video had before them) goes on to where it is now: left alone it ended on the
  // video the step left, the step undone.
  useLayoutEffect(() => {
    const element = scroller.current;
    const keep = keepOnScreen.current;
    if (!element || !keep) return;
    keepOnScreen.current = null;
    const kept = items.findIndex((item) => item.id === keep.videoId);
    if (kept >= 0) element.scrollTop = kept * element.clientHeight + keep.offset;
    // Only a step's own scroll: a finger dragging the feed is left to itself.
    const step = stepUnderWay.current;
    const target = step ? items.findIndex((item) => item.id === step.videoId) : -1;
    if (target >= 0) {
      element.scrollTo({ top: target * element.clientHeight, behavior: scrollBehavior() });
    }
  }, [items]);

  // The start video on screen at first.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = props.startIndex * element.clientHeight;
  }, [props.startIndex]);

  // The video that fills most of the screen is the active one.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // Only a video rising past the threshold: the one leaving the screen is still
          // "intersecting" as it falls below it, and would take the step back under load.
          if (!entry.isIntersecting || entry.intersectionRatio < 0.6) continue;
          const index = Number((entry.target as HTMLElement).dataset.index);
          if (Number.isInteger(index)) setActive(index);
        }
      },
      { root: element, threshold: 0.6 },
    );
    for (const child of element.querySelectorAll('[data-feed-item]')) observer.observe(child);
    return () => observer.disconnect();
  }, [items]);

  // Back and Forward step to the video of that entry.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const id =
        (event.state as { feedVideo?: string } | null)?.feedVideo ??
        new URLSearchParams(window.location.search).get('v');
      const index = items.findIndex((item) => item.id === id);
      const element = scroller.current;
      if (index < 0 || !element) {
        window.location.reload();
        return;
      }
      fromHistory.current = true;
      setActive(index);
      element.scrollTo({ top: index * element.clientHeight, behavior: 'instant' });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [items]);

  const go = useCallback(
    (step: 1 | -1) => {
      const element = scroller.current;
      const next = active + step;
      if (!element || next < 0 || next >= items.length) return;
      // Active at once: its player starts while the page scrolls to it.
      setActive(next);
      const top = next * element.clientHeight;
      element.scrollTo({ top, behavior: scrollBehavior() });
      if (Math.abs(element.scrollTop - top) < 1) return;
      const thisStep = { videoId: items[next]!.id };
      stepUnderWay.current = thisStep;
      const stepped = () => {
        if (stepUnderWay.current === thisStep) stepUnderWay.current = null;
      };
      element.addEventListener('scrollend', stepped, { once: true });
      // Where `scrollend` is not sent (older Safari): a smooth step takes well under this.
      setTimeout(stepped, 3_000);
    },
    [active, items],
  );

  // Keys: up and down (and j, k, Page Up/Down) step through the feed, unless typing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target) || commentsFor) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step = { ArrowDown: 1, PageDown: 1, j: 1, ArrowUp: -1, PageUp: -1, k: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      go(step as 1 | -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, commentsFor]);

  // The wheel: one notch of a mouse (100-120 px) is one video, and a trackpad's run of small
  // deltas (its inertia included) is one gesture, so one video too: a gesture ends after 250 ms
  // without a wheel event. The listener stays for the feed's life (a step re-renders).
  const hasItems = items.length > 0;
  const wheelStep = useRef({ go, isBlocked: false });
  wheelStep.current = { go, isBlocked: commentsFor !== null };
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let sum = 0;
    let steppedAt = -Infinity;
    let last = 0;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || wheelStep.current.isBlocked) return;
      if (Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
      event.preventDefault();
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        sum = 0;
        steppedAt = -Infinity;
      }, 250);
      const delta = event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY;
      const previous = last;
      last = Math.abs(delta);
      if (steppedAt > -Infinity) {
        // Within a gesture that stepped already: a trackpad's deltas (its inertia decaying) are
        // ignored; another wheel notch (as large as the one before, 150 ms on) steps again.
        const isNotch = last >= 100 && last >= previous;
        if (!isNotch || event.timeStamp - steppedAt < 150) return;
        sum = 0;
      }
      sum += delta;
      if (Math.abs(sum) < 40) return;
      steppedAt = event.timeStamp;
      wheelStep.current.go(sum > 0 ? 1 : -1);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearTimeout(quiet);
      element.removeEventListener('wheel', onWheel);
    };
  }, [hasItems]);

  // Sound comes on with the first gesture that lets a page play sound (a tap, a click, a key).
  useEffect(() => {
    if (soundOn) return;
    const on = () => setSoundOn(true);
    // The first tap on the picture turns the sound on and nothing else: the player's own click
    // (play/pause) does not see it. Later taps on the picture pause and play.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (target?.closest('.cutroom-player') && !target.closest('button, [role="slider"], a')) {
        event.stopPropagation();
        event.preventDefault();
      }
      on();
    };
    window.addEventListener('click', onClick, { once: true, capture: true });
    window.addEventListener('keydown', on, { once: true });
    return () => {
      window.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('keydown', on);
    };
  }, [soundOn]);

  if (items.length === 0) {
    return (
      <div className="flex h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-2xl font-bold">No short videos yet</h1>
        <p className="max-w-sm text-neutral-300">
          Short vertical videos and the TikTok category play here, one after another.
        </p>
        <a href="/browse" className="rounded-full bg-accent px-5 py-2 font-semibold text-black">
          Browse videos
        </a>
      </div>
    );
  }

  return (
    <>
      <h1 className="sr-only">Shorts</h1>
      <div
        ref={scroller}
        role="feed"
        aria-label="Short videos"
        className="h-dvh snap-y snap-mandatory overflow-y-scroll overscroll-contain"
        data-testid="shorts-feed"
      >
        {items.map((video, index) => (
          <FeedItem
            key={video.id}
            video={video}
            index={index}
            count={more.after ? -1 : items.length}
            active={index === active}
            // The active video, the next (loading, to start at once) and the one before.
            mounted={index >= active - 1 && index <= active + 1}
            preload={index === active || index === active + 1}
            soundOn={soundOn}
            ad={adFor(video, index)}
            waitForAds={Boolean(props.videoAds?.prerollTag) && notSupporter === null}
            publicUrl={props.publicUrl}
            signedIn={props.signedIn}
            onComments={() => setCommentsFor(video)}
          />
        ))}
      </div>
      {!soundOn && (
        <button
          type="button"
          onClick={() => setSoundOn(true)}
          className="fixed left-1/2 top-14 z-30 -translate-x-1/2 whitespace-nowrap rounded-full bg-black/70 px-4 py-2 text-sm font-semibold text-white hover:bg-black/85"
          data-testid="feed-sound"
        >
          Sound is off · Tap for sound
        </button>
      )}
      <nav
        aria-label="Feed"
        className="fixed right-4 top-1/2 z-20 hidden -translate-y-1/2 flex-col gap-3 md:flex"
      >
        <button
          type="button"
          onClick={() => go(-1)}
          disabled={active === 0}
          className="rounded-full bg-white/15 px-4 py-3 text-sm font-semibold hover:bg-white/25 disabled:opacity-40"
        >
          ↑ Previous
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          disabled={active >= items.length - 1}
          className="rounded-full bg-white/15 px-4 py-3 text-sm font-semibold hover:bg-white/25 disabled:opacity-40"
        >
          ↓ Next
        </button>
      </nav>
      {commentsFor && (
        <FeedComments
          video={commentsFor}
          signedIn={props.signedIn}
          onClose={() => setCommentsFor(null)}
        />
      )}
    </>
  );
}

interface FeedItemProps {
  video: FeedVideo;
  index: number;
  count: number;
  active: boolean;
  mounted: boolean;
  preload: boolean;
  soundOn: boolean;
  /** The pre-roll's VAST tag when this video has one. */
  ad: string | null;
  /** Ads are configured and whether the reader is a supporter is not known yet. */
  waitForAds: boolean;
  publicUrl: string;
  signedIn: boolean;
  onComments: () => void;
}

function FeedItem(props: FeedItemProps) {
  const { video } = props;
  return (
    <article
      data-feed-item
      data-index={props.index}
      data-testid="feed-item"
      data-active={props.active}
      aria-posinset={props.index + 1}
      aria-setsize={props.count}
      aria-labelledby={`feed-title-${video.id}`}
      className="relative flex h-dvh snap-start snap-always items-center justify-center bg-black"
    >
      <div className="relative h-full w-full max-w-[calc(100dvh*9/16)]">
        {props.mounted && !props.waitForAds ? (
          <FeedPlayer {...props} />
        ) : (
          <img src={video.posterUrl} alt="" className="h-full w-full object-contain" />
        )}
      </div>
      {/* Above the player's control bar (46 px), not over it: the bar stays bright and in
          reach; the actions keep to one row (scrolled sideways when they do not fit) so that
          they cover little of the picture on a phone. */}
      <div className="pointer-events-none absolute inset-x-0 bottom-[46px] z-10 bg-gradient-to-t from-black/70 via-black/35 to-transparent px-4 pb-2 pt-10">
        <div className="pointer-events-auto mx-auto max-w-[calc(100dvh*9/16)]">
          <h2
            id={`feed-title-${video.id}`}
            className="line-clamp-2 text-base font-semibold text-white sm:text-lg"
          >
            <a href={video.path} className="hover:underline">
              {video.title}
            </a>
          </h2>
          <p className="mt-1 text-sm text-neutral-200">
            by{' '}
            <ProfileLink username={video.uploader} className="font-semibold hover:underline">
              {video.uploader}
            </ProfileLink>
          </p>
          {/* The actions of the videos near the screen (members' own state is asked per video). */}
          {props.mounted && (
            <div className="mt-2 flex items-center gap-2 overflow-x-auto text-sm [scrollbar-width:none] [&>*]:shrink-0">
              <VideoActions
                videoId={video.id}
                upvotes={video.upvotes}
                downvotes={video.downvotes}
                myVote={0}
                isFavorited={false}
                favoritesCount={video.favoritesCount}
                signedIn={props.signedIn}
              />
              <button
                type="button"
                onClick={props.onComments}
                className="rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
                data-testid="feed-comments-button"
              >
                Comments
              </button>
              <ShareMenu
                pageUrl={`${props.publicUrl}${video.path}`}
                publicUrl={props.publicUrl}
                videoId={video.id}
                title={video.title}
                canEmbed
                aspectRatio={video.aspectRatio}
              />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

/** The player of one feed video: plays while active, loads ahead when next. */
function FeedPlayer(props: FeedItemProps) {
  const { video, active, soundOn } = props;
  const player = useRef<Player | null>(null);
  const counted = useRef(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const current = player.current;
    if (!current || !ready) return;
    if (active) {
      setCurrentPlayer(current);
      current.video.muted = !soundOn;
      current.play();
    } else {
      current.pause();
    }
  }, [active, ready, soundOn]);

  return (
    <SitePlayer
      key={`${video.id}:${props.ad ?? ''}`}
      className="h-full w-full"
      sources={[{ src: video.masterPlaylistUrl, type: 'application/x-mpegURL', title: 'Auto' }]}
      onReady={(created) => {
        player.current = created;
        created.on('playing', () => {
          if (counted.current) return;
          counted.current = true;
          countView(video.id);
        });
        setReady(true);
      }}
      options={{
        layoutControls: {
          posterImage: video.posterUrl,
          posterImageSize: 'contain',
          primaryColor: '#ff9800',
          fillToContainer: true,
          // The active and the next video load their media; the one before keeps what it has.
          preload: props.preload ? 'auto' : 'none',
          knownDuration: video.durationSeconds,
          loop: true,
          // Muted until the reader's first gesture: browsers play muted videos by themselves.
          mute: true,
          playButtonShowing: false,
          allowTheatre: false,
          allowDownload: false,
          // The feed's own keys step through it; the arrows are not the player's here.
          keyboardControl: false,
          miniPlayer: { enabled: false },
          persistentSettings: {
            volume: false,
            quality: true,
            speed: false,
            theatre: false,
            pictureInPicture: false,
            audio: true,
          },
          controlBar: { autoHide: true, autoHideTimeout: 2 },
        },
        vastOptions: props.ad ? { adList: [{ roll: 'preRoll', vastTag: props.ad }] } : undefined,
      }}
    />
  );
}
