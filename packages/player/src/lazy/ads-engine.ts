// The seam for ad handling (issue 8). The core loads this chunk only when
// vastOptions.adList is not empty and hands it an AdsHost; this placeholder plays no ads, so
// content starts at once.
import type { VastOptions } from '../options.ts';

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
  /** Resolves when content may start (after pre-rolls). */
  beforeContent(): Promise<void>;
  destroy(): void;
}

export interface AdsModule {
  attach(host: AdsHost): AdsController;
}

export const ads: AdsModule = {
  attach: () => ({ beforeContent: () => Promise.resolve(), destroy: () => {} }),
};
