// What every controller of a player shares: the video, the root element, the options, the
// page's event callbacks, the player's own events, and one place to register what destroy() must
// undo.
import type { DisplayMode } from '../modes.ts';
import type { ResolvedOptions } from '../options.ts';
import type { EventInfo, PlayerEventName } from '../player-types.ts';

/**
 * The player's internal events and their arguments: a controller announces a change with
 * `trigger` and the others (the controls above all) react with `on`, without holding each other.
 * The media's own state comes from the video element's events.
 */
export interface PlayerEvents {
  /** The sources, the quality levels, the audio tracks or the choice among them changed. */
  sourcesChange: [];
  /** The stream turned out live, or not. */
  liveChange: [];
  /** A seek started or stopped waiting for the media's metadata. */
  pendingSeekChange: [];
  /** The subtitle tracks or the selected one changed. */
  subtitlesChange: [];
  /** The suggested videos' grid was shown (true) or hidden (false). */
  suggestedToggle: [isShown: boolean];
  /** The 360° view runs. */
  vrReady: [];
  /** The display mode changed. */
  modeChange: [from: DisplayMode, to: DisplayMode];
  /** Buttons moved out of the control bar into the settings menu, or back. */
  overflowChange: [];
  /** The control bar was shown (true) or hidden (false). */
  controlsToggle: [isShown: boolean];
  /**
   * Playback failed after its retries: the message says what to do (null: the message goes, a
   * source plays again or is being retried).
   */
  playbackError: [message: string | null];
}

export type PlayerEventHandler<K extends keyof PlayerEvents> = (...args: PlayerEvents[K]) => void;

export interface PlayerContext {
  readonly video: HTMLVideoElement;
  /** The player's root element (Fluid's wrapper). */
  readonly root: HTMLElement;
  readonly options: ResolvedOptions;
  /** Calls the page's callbacks for `event`. */
  emit(event: PlayerEventName, extra?: Partial<EventInfo>): void;
  /**
   * Subscribes to one of the player's internal events; returns the unsubscribe function. The
   * handlers stay until destroy() has run its cleanups.
   */
  on<K extends keyof PlayerEvents>(event: K, handler: PlayerEventHandler<K>): () => void;
  /** Calls the handlers of an internal event, in the order they subscribed. */
  trigger<K extends keyof PlayerEvents>(event: K, ...args: PlayerEvents[K]): void;
  /** Adds an event listener that destroy() removes. */
  listen<E extends Event = Event>(
    target: EventTarget,
    type: string,
    handler: (event: E) => void,
    options?: AddEventListenerOptions,
  ): void;
  /** Runs `cleanup` on destroy(). */
  onDestroy(cleanup: () => void): void;
  /** True once destroy() has started. */
  readonly isDestroyed: boolean;
}

/** A context with its own cleanup list; `destroy()` runs it once. */
export function createContext(fields: {
  video: HTMLVideoElement;
  root: HTMLElement;
  options: ResolvedOptions;
  emit: PlayerContext['emit'];
}): PlayerContext & { destroy(): void } {
  const cleanups: (() => void)[] = [];
  const handlers = new Map<keyof PlayerEvents, Set<unknown>>();
  let isDestroyed = false;
  return {
    ...fields,
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    trigger(event, ...args) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        (handler as (...a: typeof args) => void)(...args);
      }
    },
    listen(target, type, handler, options) {
      const listener = handler as EventListener;
      target.addEventListener(type, listener, options);
      cleanups.push(() => target.removeEventListener(type, listener, options));
    },
    onDestroy(cleanup) {
      cleanups.push(cleanup);
    },
    get isDestroyed() {
      return isDestroyed;
    },
    destroy() {
      if (isDestroyed) return;
      isDestroyed = true;
      // The cleanups may still announce (the display mode goes back to normal): handlers go last.
      for (const cleanup of cleanups.splice(0)) cleanup();
      handlers.clear();
    },
  };
}

/**
 * The video's duration for the controls: the media's once its metadata is in (Infinity for a
 * live stream), until then `layoutControls.knownDuration` (NaN when neither is known).
 */
export function displayDuration(ctx: Pick<PlayerContext, 'video' | 'options'>): number {
  const duration = ctx.video.duration;
  if (duration === Infinity || (Number.isFinite(duration) && duration > 0)) return duration;
  return ctx.options.layoutControls.knownDuration ?? NaN;
}

/** The part of a live stream that can be played (its DVR window): its seekable range, or null. */
export function liveWindow(video: HTMLVideoElement): { start: number; end: number } | null {
  const { seekable } = video;
  if (seekable.length === 0) return null;
  const start = seekable.start(0);
  const end = seekable.end(seekable.length - 1);
  return Number.isFinite(end) && end > start ? { start, end } : null;
}
