import type { Modules } from './options.ts';

/** One quality level of an adaptive stream (docs/player/behaviour.md, "Playback"). */
export interface QualityLevel {
  /** Index in the streaming library's level list; -1 is auto. */
  id: number;
  /** Height followed by p ('720p'), or 'auto'. */
  title: string;
  isHD: boolean;
  bitrate: number;
}

/** An alternate audio rendition of a stream (a language of the upload). */
export interface AudioTrackInfo {
  /** Index in the stream's audio list. */
  id: number;
  /** The rendition's NAME (the track's title in the upload, else its language). */
  name: string;
  /** BCP 47 language, '' when the stream does not say. */
  language: string;
  /** The stream's default rendition. */
  isDefault: boolean;
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
  /** Alternate audio renditions (engines that offer a choice). */
  audioTracks?(): AudioTrackInfo[];
  /** Plays the audio rendition `id`. */
  setAudioTrack?(id: number): void;
  /** The audio rendition playing. */
  selectedAudioTrack?(): number;
  /** Plays the chosen audio alone, downloading no video (engines that can). */
  setAudioOnly?(on: boolean): void;
  /** Whether only the audio plays. */
  isAudioOnly?(): boolean;
  /**
   * Where a live is followed (the edge less the latency its playlist asks for, Low-Latency
   * HLS's part hold-back), in the video's time; null while unknown (engines that know it).
   */
  liveSyncPosition?(): number | null;
  /** Which library plays the source. */
  kind: 'hls.js' | 'dash.js' | 'native' | 'ladder';
  /** The library's own object (hls.js's Hls, dash.js's MediaPlayer), null for native. */
  instance: unknown;
}

export interface EngineCallbacks {
  /** The level list became known. */
  onLevels(levels: QualityLevel[]): void;
  /** The alternate audio renditions became known (before onLevels). */
  onAudioTracks?(tracks: AudioTrackInfo[]): void;
  /** The stream turned out to be live (no end), or not. */
  onLive(isLive: boolean): void;
  /** The source cannot play: the core moves to the next source. */
  onFatal(message: string): void;
  /**
   * The stream is not one this engine plays (the player's own HLS engine: anything but the
   * site's ladder); it has not touched the video, and the core plays the stream with hls.js.
   */
  onOtherStream?(): void;
}

export interface EngineModule {
  /** False when the browser lacks what the library needs (then the next source is tried). */
  isSupported(): boolean;
  attach(
    video: HTMLVideoElement,
    url: string,
    modules: Modules,
    callbacks: EngineCallbacks,
    /** The master playlist's text, fetched by the core while the engine's chunk loaded. */
    master?: Promise<string>,
  ): StreamEngine;
}

export function levelTitle(height: number): string {
  return `${height}p`;
}

export const HD_MIN_HEIGHT = 720;
