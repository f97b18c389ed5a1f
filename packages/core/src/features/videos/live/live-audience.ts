/**
 * Who is watching each live on this process: one presence per open live page (its event
 * stream), counted as it opens and closes (docs/live.md; several nodes: docs/scaling.md).
 */
export class LiveAudience {
  readonly #counts = new Map<string, number>();
  readonly #listeners = new Map<string, Set<(count: number) => void>>();

  /** How many are watching the live now. */
  count(videoId: string): number {
    return this.#counts.get(videoId) ?? 0;
  }

  /**
   * A viewer opens the live's page: counted until the answered function is called (their page
   * closes). Calling it again does nothing.
   */
  join(videoId: string): () => void {
    this.#set(videoId, this.count(videoId) + 1);
    let isGone = false;
    return () => {
      if (isGone) return;
      isGone = true;
      this.#set(videoId, this.count(videoId) - 1);
    };
  }

  /** Runs `listener` with the live's count each time it changes; answers how to stop. */
  follow(videoId: string, listener: (count: number) => void): () => void {
    let set = this.#listeners.get(videoId);
    if (!set) this.#listeners.set(videoId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(videoId) === set) this.#listeners.delete(videoId);
    };
  }

  #set(videoId: string, count: number) {
    if (count <= 0) this.#counts.delete(videoId);
    else this.#counts.set(videoId, count);
    for (const listener of this.#listeners.get(videoId) ?? []) listener(Math.max(0, count));
  }
}

// Kept on the process, not the module: the site's routes and its server each load their own
// copy of this module, and the count must be one.
const AUDIENCE = Symbol.for('cutroom.live.audience');
const processGlobals = globalThis as { [AUDIENCE]?: LiveAudience };

/** The process's audience of its lives. */
export function liveAudience(): LiveAudience {
  return (processGlobals[AUDIENCE] ??= new LiveAudience());
}
