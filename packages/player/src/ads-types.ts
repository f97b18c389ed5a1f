// The seam between the core and the ads chunk. The chunk (lazy/ads-engine.ts) and its manager
// both depend on these types, and neither imports the other for them.
import type { VastOptions } from './options.ts';

/** A roll name; also what events report while an ad of that roll plays. */
export type RollName = 'preRoll' | 'midRoll' | 'postRoll' | 'onPauseRoll';

/** What the core lends to the ads module. */
export interface AdsHost {
  /** The content video. */
  video: HTMLVideoElement;
  /** The player's root element, for ad overlays. */
  container: HTMLElement;
  options: VastOptions;
  /** Marks an ad as playing (skips and keyboard seeking are ignored meanwhile). */
  setAdPlaying(kind: RollName | null): void;
  /** Subscribes to the core's display-mode changes, for player-size tracking events. */
  onModeChange(listener: (from: string, to: string) => void): () => void;
  /**
   * VAST documents the core started to fetch while the ads chunk loaded (the pre-rolls'), by
   * absolute URL: the text, or a rejection when the request failed.
   */
  prefetched: Map<string, Promise<string>>;
  /** When each of those requests started (performance.now()): vastTimeout counts from there. */
  prefetchedAt?: Map<string, number>;
  /**
   * The ad layer and video element the core made for the first pre-roll, when there are
   * pre-rolls: the core may have loaded the ad's file in it, and started it on the first play.
   */
  early?: EarlyAdHandle | null;
  /**
   * Reports a media event of the linear ad playing (the page's callbacks then get the roll as
   * mediaSourceType, as Fluid Player's do); `time` is the ad's current time.
   */
  emit(event: AdMediaEvent, time: number): void;
}

/** The first pre-roll as the core prepared it (controllers/early-ad.ts). */
export interface EarlyAdHandle {
  root: HTMLDivElement;
  video: HTMLVideoElement;
  /**
   * The core's media file checks, by URL (docs/player/behaviour.md, "Ads"), for the chunk to reuse.
   */
  checks: Map<string, Promise<boolean>>;
  /** True once the core started the ad (on the first play). */
  readonly isStarted: boolean;
  /** The chunk runs the ads from now on: the core stops acting on the element. */
  takeOver(): void;
}

/** Media events of a linear ad that reach the page's callbacks. */
export const AD_MEDIA_EVENTS = [
  'play',
  'playing',
  'pause',
  'ended',
  'waiting',
  'timeupdate',
] as const;
export type AdMediaEvent = (typeof AD_MEDIA_EVENTS)[number];

/** What the core expects back. */
export interface AdsController {
  /** Resolves once the ads can take the first play (the first pre-roll's file is chosen). */
  beforeContent(): Promise<void>;
  /**
   * Called before the core plays the content: true when the ads take the call instead (the
   * pre-rolls start, or a running ad pauses or resumes), so the content does not start.
   */
  beforePlay(): boolean;
  destroy(): void;
}

export interface AdsModule {
  attach(host: AdsHost): AdsController;
}
