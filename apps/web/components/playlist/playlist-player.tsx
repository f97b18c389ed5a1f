'use client';

import '@cutroom/player/cutroom-player.css';
import type { Player } from '@cutroom/player';
import { IntentLink } from '@/components/ui/intent-link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { countView } from '@/components/video/count-view';
import { SitePlayer } from '@/components/video/site-player';

export interface PlaylistPlayerItem {
  id: string;
  title: string;
  uploader: string;
  posterUrl: string | null;
}

interface PlaylistPlayerProps {
  playlistId: string;
  playlistName: string;
  items: PlaylistPlayerItem[];
  current: {
    id: string;
    slug: string;
    title: string;
    masterPlaylistUrl: string;
    posterUrl: string;
    spritesVttUrl: string | null;
  };
  /** Start playing at once: the previous video ended and moved on to this one. */
  autoStart: boolean;
}

const AUTOPLAY_KEY = 'cutroom:playlist-autoplay';

/** Plays a playlist through: the player, previous and next, autoplay of the next, the list. */
export function PlaylistPlayer(props: PlaylistPlayerProps) {
  const router = useRouter();
  const position = props.items.findIndex((item) => item.id === props.current.id);
  const previous = position > 0 ? props.items[position - 1] : undefined;
  const next = position >= 0 ? props.items[position + 1] : undefined;
  const [autoplay, setAutoplay] = useState(true);
  const autoplayRef = useRef(autoplay);
  const nextRef = useRef(next);
  const current = useRef<HTMLLIElement>(null);
  const hrefOf = (id: string, auto = false) =>
    `/playlist/video/${props.playlistId}?v=${id}${auto ? '&autoplay=1' : ''}`;

  useEffect(() => {
    setAutoplay(window.localStorage.getItem(AUTOPLAY_KEY) !== 'off');
  }, []);
  useEffect(() => {
    autoplayRef.current = autoplay;
    nextRef.current = next;
  });
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest' });
  }, [props.current.id]);

  const onReady = (player: Player) => {
    let counted = false;
    player.on('playing', () => {
      if (counted) return;
      counted = true;
      countView(props.current.id);
    });
    player.on('ended', () => {
      const upcoming = nextRef.current;
      if (autoplayRef.current && upcoming) router.push(hrefOf(upcoming.id, true));
    });
  };

  const navClass =
    'rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10 aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]" data-testid="playlist-player">
      <div className="min-w-0">
        <SitePlayer
          key={props.current.masterPlaylistUrl}
          className="aspect-video w-full overflow-hidden rounded-xl bg-black"
          sources={[
            { src: props.current.masterPlaylistUrl, type: 'application/x-mpegURL', title: 'Auto' },
          ]}
          onReady={onReady}
          options={{
            layoutControls: {
              autoPlay: props.autoStart,
              posterImage: props.current.posterUrl,
              posterImageSize: 'contain',
              primaryColor: '#ff9800',
              fillToContainer: true,
              allowDownload: false,
              playbackRateEnabled: true,
              timelinePreview: props.current.spritesVttUrl
                ? { type: 'VTT', file: props.current.spritesVttUrl }
                : undefined,
              persistentSettings: { volume: true, quality: true, speed: true, theatre: true },
            },
          }}
        />
        <h1 className="mt-4 text-xl font-bold" data-testid="playlist-current-title">
          {props.current.title}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <IntentLink
            href={previous ? hrefOf(previous.id) : '#'}
            aria-disabled={!previous}
            className={navClass}
            data-testid="playlist-previous"
          >
            ← Previous
          </IntentLink>
          <IntentLink
            href={next ? hrefOf(next.id) : '#'}
            aria-disabled={!next}
            className={navClass}
            data-testid="playlist-next"
          >
            Next →
          </IntentLink>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={autoplay}
              onChange={(event) => {
                setAutoplay(event.target.checked);
                window.localStorage.setItem(AUTOPLAY_KEY, event.target.checked ? 'on' : 'off');
              }}
              className="accent-[#ff9800]"
            />
            Autoplay the next video
          </label>
          <IntentLink
            href={`/video/${props.current.slug}_${props.current.id}`}
            className="text-sm text-accent underline"
          >
            Video page
          </IntentLink>
        </div>
      </div>
      <aside aria-labelledby="playlist-list-heading" className="min-w-0">
        <h2 id="playlist-list-heading" className="mb-2 font-semibold">
          <IntentLink href={`/playlist/${props.playlistId}`} className="hover:text-accent">
            {props.playlistName}
          </IntentLink>{' '}
          <span className="text-sm font-normal text-neutral-400">
            {position + 1} / {props.items.length}
          </span>
        </h2>
        <ol className="max-h-[70vh] space-y-1 overflow-y-auto rounded-lg bg-surface-raised p-2">
          {props.items.map((item, index) => (
            <li key={item.id} ref={item.id === props.current.id ? current : undefined}>
              <IntentLink
                href={hrefOf(item.id)}
                aria-current={item.id === props.current.id ? 'true' : undefined}
                className={`flex items-center gap-2 rounded p-1.5 text-sm hover:bg-white/10 ${
                  item.id === props.current.id ? 'bg-accent/15' : ''
                }`}
              >
                <span className="w-5 shrink-0 text-right text-neutral-400">
                  {item.id === props.current.id ? '▶' : index + 1}
                </span>
                <span className="aspect-video w-24 shrink-0 overflow-hidden rounded bg-surface-overlay">
                  {item.posterUrl && (
                    <img
                      src={item.posterUrl}
                      alt=""
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  )}
                </span>
                <span className="min-w-0">
                  <span className="line-clamp-2">{item.title}</span>
                  <span className="text-xs text-neutral-400">{item.uploader}</span>
                </span>
              </IntentLink>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
