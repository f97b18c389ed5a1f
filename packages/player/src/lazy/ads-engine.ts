// The ads chunk (issue 8): loaded by the core only when vastOptions.adList is not empty. It
// receives an AdsHost and plays the rolls of the ad list; see ads/ads-manager.ts.
import type { VastOptions } from '../options.ts';
import { AdsManager } from './ads/ads-manager.ts';

/** What the core lends to the ads module. */
export interface AdsHost {
  /** The content video. */
  video: HTMLVideoElement;
  /** The player's root element, for ad overlays. */
  container: HTMLElement;
  options: VastOptions;
  /** Marks an ad as playing (skips and keyboard seeking are ignored meanwhile). */
  setAdPlaying(kind: 'preRoll' | 'midRoll' | 'postRoll' | 'onPauseRoll' | null): void;
  /** Subscribes to the core's display-mode changes, for player-size tracking events. */
  onModeChange(listener: (from: string, to: string) => void): () => void;
}

/** What the core expects back. */
export interface AdsController {
  /** Resolves when the content may load; its first play is then held for the pre-rolls. */
  beforeContent(): Promise<void>;
  destroy(): void;
}

export interface AdsModule {
  attach(host: AdsHost): AdsController;
}

export const ads: AdsModule = {
  attach: (host) => new AdsManager(host),
};
