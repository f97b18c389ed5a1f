// React wrapper: renders an empty container on the server and creates the player in an
// effect, so it is safe in server rendering and under StrictMode's double effects.
import { createElement, useEffect, useRef } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { createPlayer } from './player.ts';
import type { Player } from './player.ts';
import type { PlayerOptions } from './options.ts';

/** A source of the React player. */
export interface CutroomPlayerSource {
  /** URL of an MP4/WebM file, an HLS playlist (.m3u8) or a DASH manifest (.mpd). */
  src: string;
  /** MIME type, e.g. 'application/x-mpegURL' for HLS. */
  type?: string;
  /** Title in the source menu. */
  title?: string;
  /** Shows an HD badge in the source menu. */
  hd?: boolean;
}

/** A subtitle track of the React player. */
export interface CutroomPlayerTrack {
  src: string;
  label: string;
  srcLang?: string;
  default?: boolean;
}

/** Props of {@link CutroomPlayer}. */
export interface CutroomPlayerProps {
  /** Sources in order of preference; the next is tried when one cannot play. */
  sources: CutroomPlayerSource[];
  /** WebVTT subtitle tracks. */
  tracks?: CutroomPlayerTrack[];
  /** Player options; read when the player is created (change `key` to re-create). */
  options?: PlayerOptions;
  /** Called with the player once created. */
  onReady?: (player: Player) => void;
  className?: string;
  style?: CSSProperties;
  /** Width attribute of the video element (pixels). */
  width?: number;
}

/** The Cutroom player as a React component. */
export function CutroomPlayer(props: CutroomPlayerProps): ReactElement {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  // Runs before the creating effect below, so it always reads the newest props.
  useEffect(() => {
    latest.current = props;
  });
  const sourceKey = JSON.stringify([props.sources, props.tracks ?? []]);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const { sources, tracks, options, onReady, width } = latest.current;
    const video = document.createElement('video');
    if (width) video.setAttribute('width', String(width));
    for (const source of sources) {
      const node = document.createElement('source');
      node.src = source.src;
      if (source.type) node.type = source.type;
      if (source.title) node.title = source.title;
      if (source.hd) node.setAttribute('data-fluid-hd', '');
      video.append(node);
    }
    for (const track of tracks ?? []) {
      const node = document.createElement('track');
      node.kind = 'metadata';
      node.src = track.src;
      node.label = track.label;
      if (track.srcLang) node.srclang = track.srcLang;
      if (track.default) node.default = true;
      video.append(node);
    }
    host.append(video);
    const player = createPlayer(video, options);
    onReady?.(player);
    return () => {
      player.destroy();
      video.remove();
    };
  }, [sourceKey]);

  return createElement('div', {
    ref: container,
    className: props.className,
    style: props.style,
    'data-cutroom-player': '',
  });
}

export type { Player, PlayerOptions };
