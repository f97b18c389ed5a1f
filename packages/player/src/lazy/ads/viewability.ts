// viewImpression: the player has been at least half in view for more than 2 s of elapsed
// (wall-clock) time in one stretch, measured with IntersectionObserver.
import { IN_VIEW_THRESHOLD, VIEW_IMPRESSION_MS } from './constants.ts';

/** Pure bookkeeping of the in-view stretch, so the rule is testable without a browser. */
export class ViewClock {
  #since: number | null = null;

  /** Records the visible ratio seen at `now` (ms). */
  update(ratio: number, now: number): void {
    if (ratio >= IN_VIEW_THRESHOLD) this.#since ??= now;
    else this.#since = null;
  }

  /** True when the current in-view stretch has lasted more than 2 s at `now`. */
  isViewable(now: number): boolean {
    return this.#since !== null && now - this.#since > VIEW_IMPRESSION_MS;
  }
}

/** Calls `onViewable` once, when `target` has been viewable by the rule above. */
export function watchViewability(target: Element, onViewable: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const clock = new ViewClock();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const check = (): void => {
    if (!done && clock.isViewable(performance.now())) {
      done = true;
      stop();
      onViewable();
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) clock.update(entry.intersectionRatio, performance.now());
      clearTimeout(timer);
      // A little past 2 s, since the rule is "more than".
      timer = setTimeout(check, VIEW_IMPRESSION_MS + 50);
    },
    { threshold: [0, IN_VIEW_THRESHOLD, 1] },
  );
  observer.observe(target);
  const stop = (): void => {
    clearTimeout(timer);
    observer.disconnect();
  };
  return stop;
}
