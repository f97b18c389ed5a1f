// The player's public types: its events, sources, tracks and the instance's API. The facade
// (player.ts) implements Player; the controllers (controllers/) share these types.
import type { QualityLevel } from './engine-types.ts';
import type { DisplayMode } from './modes.ts';

/** The events `on()` accepts (docs/player/behaviour.md). */
export const PLAYER_EVENTS = [
  'play',
  'seeked',
  'ended',
  'pause',
  'playing',
  'waiting',
  'theatreModeOn',
  'theatreModeOff',
  'timeupdate',
  'miniPlayerToggle',
] as const;

/** An event name `on()` accepts. */
export type PlayerEventName = (typeof PLAYER_EVENTS)[number];

/** Passed to every event callback. */
export interface EventInfo {
  /** 'source' for the main video; an ad roll name while an ad plays. */
  mediaSourceType: 'source' | 'preRoll' | 'midRoll' | 'postRoll' | 'onPauseRoll';
  /** For miniPlayerToggle: whether the mini player is now on. */
  isToggledOn?: boolean;
  /** For timeupdate: the current time. */
  currentTime?: number;
}

/**
 * The first argument of a callback (other than timeupdate's): the event information, with the
 * event's name and, for miniPlayerToggle, Fluid Player's `detail`. Fluid passes its callbacks
 * (event, info): the info comes again as the second argument.
 */
export interface PlayerEvent extends EventInfo {
  type: PlayerEventName;
  detail?: { isToggledOn: boolean };
}

/** Callback of `on()`; timeupdate gets the current time first. */
export type PlayerEventCallback =
  ((event: PlayerEvent, info: EventInfo) => void) | ((time: number, info: EventInfo) => void);

/** A playable source, read from the video's `<source>` children. */
export interface VideoSource {
  /** Shown in the source menu; defaults to the URL's file name. */
  title: string;
  url: string;
  /** MIME type, when given. */
  type: string;
  /** The `data-fluid-hd` (or `data-hd`) attribute: shows an HD badge. */
  isHD: boolean;
}

/** A WebVTT subtitle track, read from the video's `<track>` children. */
export interface SubtitleTrack {
  label: string;
  url: string;
  lang: string;
  default: boolean;
}

/** A chapter of the video, shown as a section of the progress bar. */
export interface PlayerChapter {
  /** Where the chapter starts, in seconds. */
  startTime: number;
  /** Shown above the progress bar while the pointer is over the chapter. */
  title: string;
}

/** The player instance `createPlayer` returns. */
export interface Player {
  /** The video element the player was created on. */
  readonly video: HTMLVideoElement;
  /** The element that wraps the video and the controls. */
  readonly element: HTMLElement;
  /** Starts playback. */
  play(): void;
  /** Pauses playback. */
  pause(): void;
  /** Seeks to `seconds`. */
  skipTo(seconds: number): void;
  /** Sets the playback rate (1 is normal speed). */
  setPlaybackSpeed(speed: number): void;
  /** Sets the volume from 0 to 1. */
  setVolume(volume: number): void;
  /** Shows (true) or hides (false) the control bar. */
  toggleControlBar(show: boolean): void;
  /** Enters or leaves fullscreen; toggles without an argument. */
  toggleFullScreen(on?: boolean): void;
  /** Enters or leaves the mini player; toggles without an argument. */
  toggleMiniPlayer(on?: boolean): void;
  /** Enters or leaves theatre mode; toggles without an argument. */
  toggleTheatre(on?: boolean): void;
  /**
   * Enters or leaves picture-in-picture; toggles without an argument. Browsers enter it only
   * from a gesture of the viewer (a click, a key) and once the video has its metadata; where
   * they refuse or do not offer it, the call logs and changes nothing.
   */
  togglePictureInPicture(on?: boolean): Promise<void>;
  /** Whether the video is in picture-in-picture now. */
  readonly isPictureInPicture: boolean;
  /** Shows chapters on the progress bar (an empty list removes them). */
  setChapters(chapters: readonly PlayerChapter[]): void;
  /** Replaces the HTML shown while paused. */
  setHtmlOnPauseBlock(block: { html: string; width?: number; height?: number }): void;
  /** Subscribes to timeupdate: the callback gets the current time, then the event info. */
  on(event: 'timeupdate', callback: (time: number, info: EventInfo) => void): void;
  /** Subscribes to a player event; an unknown name logs an error. */
  on(
    event: Exclude<PlayerEventName, 'timeupdate'>,
    callback: (event: PlayerEvent, info: EventInfo) => void,
  ): void;
  /** The hls.js instance playing the source, or null (no HLS, or the browser's own HLS). */
  hlsInstance(): unknown;
  /** The dash.js player playing the source, or null. */
  dashInstance(): unknown;
  /** The active display mode. */
  readonly displayMode: DisplayMode;
  /** Quality levels of the adaptive stream (empty for progressive sources). */
  readonly qualityLevels: QualityLevel[];
  /** Removes the player and gives the video element back as it was. */
  destroy(): void;
}
