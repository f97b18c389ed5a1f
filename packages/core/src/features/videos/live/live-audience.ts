import { randomUUID } from 'node:crypto';
import type { ProcessingEvents } from '../../../platform/events/processing-events';

/** Each node's part goes out this often while it holds viewers of the live (docs/scaling.md). */
export const WATCHING_ANNOUNCE_MS = 15_000;
/** A node's part of a live changing often (a crowd arriving) goes out at most this often. */
export const WATCHING_CHANGE_MS = 1_000;
/** A part not heard again within this (three announcements) drops out: its node stopped. */
export const WATCHING_STALE_MS = 45_000;

export interface LiveAudienceOptions {
  /**
   * The site's event channel: this node's part of each live goes out on it, and the other
   * nodes' parts come in from it. Without it the audience counts this process alone.
   */
  events?: ProcessingEvents;
  /** This node's name on the channel (a fresh one per process by default). */
  node?: string;
  announceEveryMs?: number;
  staleAfterMs?: number;
  /** The clock parts are aged by (tests control it). */
  now?: () => number;
}

/**
 * Who is watching each live: one presence per open live page (its event stream), counted as it
 * opens and closes on this node, plus the latest part each other web node announced on the
 * event channel (docs/live.md, docs/scaling.md). A part not refreshed within `staleAfterMs`
 * drops out, so a node that stopped without a word stops counting on its own.
 */
export class LiveAudience {
  readonly node: string;
  readonly #events: ProcessingEvents | null;
  readonly #announceEveryMs: number;
  readonly #staleAfterMs: number;
  readonly #now: () => number;
  /** Open pages on this node, per live. */
  readonly #local = new Map<string, number>();
  /** Other nodes' parts, per live then per node, with when each was heard. */
  readonly #parts = new Map<string, Map<string, { count: number; heardAt: number }>>();
  readonly #listeners = new Map<string, Set<(count: number) => void>>();
  #stopHearing: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** Lives whose part went out less than `WATCHING_CHANGE_MS` ago, and whether it changed since. */
  readonly #held = new Map<string, { timer: NodeJS.Timeout; isChanged: boolean }>();

  constructor(options: LiveAudienceOptions = {}) {
    this.node = options.node ?? randomUUID();
    this.#events = options.events ?? null;
    this.#announceEveryMs = options.announceEveryMs ?? WATCHING_ANNOUNCE_MS;
    this.#staleAfterMs = options.staleAfterMs ?? WATCHING_STALE_MS;
    this.#now = options.now ?? Date.now;
    this.#stopHearing =
      this.#events?.subscribe((event) => {
        if (event.type !== 'watching' || event.node === this.node) return;
        this.#hear(event.videoId, event.node, event.count);
      }) ?? null;
  }

  /**
   * Announces this node's parts and drops stale ones every `announceEveryMs` until `stop`.
   * Answers itself.
   */
  start(): this {
    if (this.#timer || !this.#events) return this;
    this.#timer = setInterval(() => this.refresh(), this.#announceEveryMs);
    this.#timer.unref();
    return this;
  }

  /**
   * Stops announcing and hearing. `isLeaving`: this node's parts go out as 0 first, so the
   * other nodes drop them at once rather than after `staleAfterMs`.
   */
  stop({ isLeaving = true }: { isLeaving?: boolean } = {}): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#stopHearing?.();
    this.#stopHearing = null;
    for (const held of this.#held.values()) clearTimeout(held.timer);
    this.#held.clear();
    if (isLeaving) for (const videoId of this.#local.keys()) this.#announce(videoId, 0);
  }

  /** How many are watching the live now, on every node heard from. */
  count(videoId: string): number {
    let total = this.#local.get(videoId) ?? 0;
    const cutoff = this.#now() - this.#staleAfterMs;
    for (const part of this.#parts.get(videoId)?.values() ?? []) {
      if (part.heardAt >= cutoff) total += part.count;
    }
    return total;
  }

  /**
   * A viewer opens the live's page: counted until the answered function is called (their page
   * closes). Calling it again does nothing.
   */
  join(videoId: string): () => void {
    this.#setLocal(videoId, (this.#local.get(videoId) ?? 0) + 1);
    let isGone = false;
    return () => {
      if (isGone) return;
      isGone = true;
      this.#setLocal(videoId, (this.#local.get(videoId) ?? 0) - 1);
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

  /**
   * What the timer does: this node's part of each live it holds viewers of goes out again, and
   * other nodes' parts not heard within `staleAfterMs` drop out (their followers told).
   */
  refresh(): void {
    for (const [videoId, count] of this.#local) this.#announce(videoId, count);
    const cutoff = this.#now() - this.#staleAfterMs;
    for (const [videoId, parts] of this.#parts) {
      let isChanged = false;
      for (const [node, part] of parts) {
        if (part.heardAt >= cutoff) continue;
        parts.delete(node);
        isChanged = true;
      }
      if (parts.size === 0) this.#parts.delete(videoId);
      if (isChanged) this.#tell(videoId);
    }
  }

  #setLocal(videoId: string, count: number) {
    if (count <= 0) this.#local.delete(videoId);
    else this.#local.set(videoId, count);
    this.#announceChange(videoId);
    this.#tell(videoId);
  }

  /** The first change goes out at once, those within the next second together at its end. */
  #announceChange(videoId: string) {
    if (!this.#events) return;
    const held = this.#held.get(videoId);
    if (held) {
      held.isChanged = true;
      return;
    }
    this.#announce(videoId, this.#local.get(videoId) ?? 0);
    const timer = setTimeout(() => {
      const isChanged = this.#held.get(videoId)?.isChanged;
      this.#held.delete(videoId);
      if (isChanged) this.#announceChange(videoId);
    }, WATCHING_CHANGE_MS);
    timer.unref();
    this.#held.set(videoId, { timer, isChanged: false });
  }

  #hear(videoId: string, node: string, count: number) {
    let parts = this.#parts.get(videoId);
    const before = this.count(videoId);
    if (count > 0) {
      if (!parts) this.#parts.set(videoId, (parts = new Map()));
      parts.set(node, { count, heardAt: this.#now() });
    } else if (parts) {
      parts.delete(node);
      if (parts.size === 0) this.#parts.delete(videoId);
    }
    if (this.count(videoId) !== before) this.#tell(videoId);
  }

  #announce(videoId: string, count: number) {
    this.#events?.publish({ type: 'watching', videoId, node: this.node, count });
  }

  #tell(videoId: string) {
    const count = this.count(videoId);
    for (const listener of this.#listeners.get(videoId) ?? []) listener(count);
  }
}

// Kept on the process, not the module: the site's routes and its server each load their own
// copy of this module, and the count must be one.
const AUDIENCE = Symbol.for('cutroom.live.audience');
const processGlobals = globalThis as { [AUDIENCE]?: LiveAudience };

/** The process's audience of its lives (counting this process alone until `startLiveAudience`). */
export function liveAudience(): LiveAudience {
  return (processGlobals[AUDIENCE] ??= new LiveAudience());
}

/**
 * Makes the process's audience one that sums the parts of every web node on the event channel
 * (docs/scaling.md); the server calls it once at start, before any page opens. Answers how to
 * stop it (its parts go out as 0).
 */
export function startLiveAudience(events: ProcessingEvents): () => void {
  const audience = new LiveAudience({ events }).start();
  processGlobals[AUDIENCE]?.stop();
  processGlobals[AUDIENCE] = audience;
  return () => {
    audience.stop();
    if (processGlobals[AUDIENCE] === audience) delete processGlobals[AUDIENCE];
  };
}
