// What every controller of a player shares: the video, the root element, the options, the
// page's event callbacks, and one place to register what destroy() must undo.
import type { ResolvedOptions } from '../options.ts';
import type { EventInfo, PlayerEventName } from '../player-types.ts';

export interface PlayerContext {
  readonly video: HTMLVideoElement;
  /** The player's root element (Fluid's wrapper). */
  readonly root: HTMLElement;
  readonly options: ResolvedOptions;
  /** Calls the page's callbacks for `event`. */
  emit(event: PlayerEventName, extra?: Partial<EventInfo>): void;
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
  let isDestroyed = false;
  return {
    ...fields,
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
      for (const cleanup of cleanups.splice(0)) cleanup();
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
