// Each tracking event of an ad fires at most once (docs/player/behaviour.md, "Ads"); the ledger
// remembers what fired. URLs are resolved (macros) and requested by vast-client's tracker.
import { VASTTracker } from '@dailymotion/vast-client';
import type { ParsedAd } from './parsed-ad.ts';

/** Linear progress events in the order they must fire. */
export const LINEAR_EVENTS = [
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
] as const;

/**
 * The progress events reached at `time` of an ad lasting `duration` seconds: start once time has
 * moved, quartiles at 1/4, 1/2, 3/4, complete at duration minus 1 s (never before the third
 * quartile, so that a short ad still reports in order), and offset 'progress-…' events.
 */
export function reachedEvents(
  time: number,
  duration: number,
  tracking: Record<string, string[]>,
): string[] {
  if (!(duration > 0) || !(time > 0)) return [];
  const reached: string[] = ['start'];
  if (time >= duration / 4) reached.push('firstQuartile');
  if (time >= duration / 2) reached.push('midpoint');
  if (time >= (duration * 3) / 4) reached.push('thirdQuartile');
  if (time >= Math.max(duration - 1, (duration * 3) / 4)) reached.push('complete');
  for (const name of Object.keys(tracking)) {
    const m = /^progress-(\d+(?:\.\d+)?)(%?)$/.exec(name);
    if (!m) continue;
    const at = m[2] ? (duration * Number(m[1])) / 100 : Number(m[1]);
    if (time >= at) reached.push(name);
  }
  return reached;
}

/** Remembers which events fired for one ad and fires each at most once. */
export class TrackingLedger {
  readonly #fired = new Set<string>();
  readonly #send: (urls: string[], macros: Record<string, string | number>) => void;

  constructor(send: (urls: string[], macros: Record<string, string | number>) => void) {
    this.#send = send;
  }

  /** Fires `urls` under `key` unless that key fired before; true when it fired now. */
  fire(
    key: string,
    urls: string[] | undefined,
    macros: Record<string, string | number> = {},
  ): boolean {
    if (this.#fired.has(key)) return false;
    this.#fired.add(key);
    if (urls && urls.length > 0) this.#send(urls, macros);
    return true;
  }

  has(key: string): boolean {
    return this.#fired.has(key);
  }
}

/** A ledger for an ad that sends through vast-client (macros such as [ERRORCODE] resolved). */
export function createAdLedger(ad: ParsedAd): TrackingLedger {
  const tracker = new VASTTracker(null, ad.source.ad, ad.source.creative ?? { trackingEvents: {} });
  return new TrackingLedger((urls, macros) => tracker.trackURLs(urls, macros));
}
