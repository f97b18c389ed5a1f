// Helpers the control modules share: the control bar's button kinds, the one popup menu's
// toggle, the live window, and the time shown and the events after which it may have changed.
import { displayDuration, liveWindow, type PlayerContext } from '../controllers/context.ts';
import { iconButton } from '../dom.ts';
import type { MenuItem, PopupMenu } from '../menu.ts';
import type { ControlsHost } from './host.ts';

export const barButton = (className: string, label: string, icon: string): HTMLButtonElement =>
  iconButton(`${className} fluid_button`, label, icon);

/** A bar button that opens the popup menu. */
export const menuButton = (className: string, label: string, icon: string): HTMLButtonElement => {
  const b = barButton(className, label, icon);
  b.setAttribute('aria-haspopup', 'menu');
  return b;
};

/** A bar button that turns something on and off. */
export const toggleButton = (className: string, label: string, icon: string): HTMLButtonElement => {
  const b = barButton(className, label, icon);
  b.setAttribute('aria-pressed', 'false');
  return b;
};

/** Opens the popup menu from `button`, or closes it when that button opened it. */
export function toggleMenu(
  menu: PopupMenu,
  button: HTMLElement,
  label: string,
  items: () => MenuItem[],
): void {
  if (menu.isOpen && menu.opener === button) {
    menu.close();
    return;
  }
  menu.close(false);
  menu.open(button, label, items());
}

export { liveWindow };

/**
 * Whether the video has been played (or plays): a control built after the first play (the
 * player's parts come after the content's first frame, docs/player/performance.md) starts in
 * that state instead of waiting for a 'play' event that has passed.
 */
export function hasStarted(video: HTMLVideoElement): boolean {
  return !video.paused || video.played.length > 0;
}

/** Further than this behind the live edge, the viewer is watching the past (DVR). */
export const LIVE_BEHIND_SECONDS = 8;

/**
 * How far behind a live stream's edge `currentTime` is, or null when there is no window (not
 * live, or its media not loaded yet).
 */
export function behindLive(video: HTMLVideoElement, currentTime: number): number | null {
  const window = liveWindow(video);
  return window ? Math.max(0, window.end - currentTime) : null;
}

/** Runs `update` whenever the time, the duration or the liveness shown may have changed. */
export function onTimeChange(ctx: PlayerContext, update: () => void): void {
  for (const type of ['timeupdate', 'durationchange', 'loadedmetadata']) {
    ctx.listen(ctx.video, type, update);
  }
  ctx.on('liveChange', update);
  ctx.on('pendingSeekChange', update);
}

/** The times the time display, the live indicator and the progress bar show. */
export function timeState(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive'>,
) {
  const duration = displayDuration(ctx);
  const currentTime = playback.pendingSeek ?? ctx.video.currentTime;
  const isLive = playback.isLive || duration === Infinity;
  return {
    duration,
    currentTime,
    isLive,
    /** The duration is known and the stream is not live. */
    isKnown: !isLive && Number.isFinite(duration) && duration > 0,
    window: isLive ? liveWindow(ctx.video) : null,
  };
}
