import type { Modules } from './options.ts';

/** One quality level of an adaptive stream (spec §3, HLS quality). */
export interface QualityLevel {
  /** Index in the streaming library's level list; -1 is auto. */
  id: number;
  /** Height followed by p ('720p'), or 'auto'. */
  title: string;
  isHD: boolean;
  bitrate: number;
}

/** What the core needs from an adaptive-streaming library. */
export interface StreamEngine {
  /** Levels without auto, in the library's order. */
  levels(): QualityLevel[];
  /** Selects a level by id; -1 for automatic switching. */
  setLevel(id: number): void;
  /** The selected level id, -1 when automatic. */
  selectedLevel(): number;
  destroy(): void;
  /** Which library plays the source. */
  kind: 'hls.js' | 'dash.js' | 'native';
  /** The library's own object (hls.js's Hls, dash.js's MediaPlayer), null for native. */
  instance: unknown;
}

export interface EngineCallbacks {
  /** The level list became known. */
  onLevels(levels: QualityLevel[]): void;
  /** The stream turned out to be live (no end), or not. */
  onLive(isLive: boolean): void;
  /** The source cannot play: the core moves to the next source. */
  onFatal(message: string): void;
}

export interface EngineModule {
  /** False when the browser lacks what the library needs (then the next source is tried). */
  isSupported(): boolean;
  attach(
    video: HTMLVideoElement,
    url: string,
    modules: Modules,
    callbacks: EngineCallbacks,
  ): StreamEngine;
}

export function levelTitle(height: number): string {
  return `${height}p`;
}

export const HD_MIN_HEIGHT = 720;
