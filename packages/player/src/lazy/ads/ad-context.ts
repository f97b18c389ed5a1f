import type { VastOptions } from '../../options.ts';
import type { RollRecord } from './ad-list.ts';
import type { AdLayer } from './ad-layer.ts';
import type { AdMediaFile, ParsedAd } from './parsed-ad.ts';
import type { TrackingLedger } from './tracking.ts';

/** How an ad ended. */
export type AdOutcome = 'ended' | 'skipped' | 'failed';

/** What a playing ad gets from the scheduler. */
export interface AdContext {
  layer: AdLayer;
  container: HTMLElement;
  content: HTMLVideoElement;
  options: VastOptions;
  record: RollRecord;
  ledger: TrackingLedger;
  onModeChange(listener: (from: string, to: string) => void): () => void;
  /** The media file chosen ahead of time (the first pre-roll's), when there is one. */
  media?: Promise<AdMediaFile | null>;
  /** Reports a catalogue error: logged, the ad's Error URLs pinged. */
  fail(ad: ParsedAd, code: number): void;
}

/** A running ad the scheduler can pause, resume or stop. */
export interface AdRun {
  done: Promise<AdOutcome>;
  togglePause(): void;
  stop(): void;
}

const SIZE_ORDER = ['mini', 'normal', 'theatre', 'fullscreen'];

/**
 * The player-size tracking event for a display-mode change: 'fullscreen' on entering
 * fullscreen, otherwise 'expand' when the player grows and 'collapse' when it shrinks.
 */
export function sizeEvent(from: string, to: string): 'fullscreen' | 'expand' | 'collapse' | null {
  if (to === 'fullscreen') return 'fullscreen';
  const a = SIZE_ORDER.indexOf(from);
  const b = SIZE_ORDER.indexOf(to);
  if (a < 0 || b < 0 || a === b) return null;
  return b > a ? 'expand' : 'collapse';
}

/** Calls a vastAdvanced callback by name when the page gave one. */
export function callAdvanced(options: VastOptions, name: string, ...args: unknown[]): void {
  const callback = options.vastAdvanced[name];
  if (typeof callback === 'function') {
    try {
      (callback as (...a: unknown[]) => void)(...args);
    } catch {
      // A page's callback must not stop the ads.
    }
  }
}
