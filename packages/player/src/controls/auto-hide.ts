// Hiding the control bar: after autoHideTimeout seconds without activity while playing (polled
// every 300 ms), unless a menu is open or the pointer is on the bar; shown again on activity and
// on pause. toggleControlBar forces it until the next activity. Announced as 'controlsToggle'.
import type { PlayerContext } from '../controllers/context.ts';
import type { PopupMenu } from '../menu.ts';

const ACTIVITY_POLL_MS = 300;

/** Returns the function that forces the bar shown (true) or hidden (false). */
export function bindAutoHide(
  ctx: PlayerContext,
  bar: HTMLElement,
  menus: PopupMenu[],
): (show: boolean) => void {
  const { root, video: v } = ctx;
  let lastActivity = Date.now();
  let forced: boolean | null = null;
  const setVisible = (isVisible: boolean): void => {
    if (root.classList.contains('cr-inactive') === !isVisible) return;
    root.classList.toggle('cr-inactive', !isVisible);
    ctx.trigger('controlsToggle', isVisible);
  };
  const poll = (): void => {
    if (forced !== null) return;
    const cb = ctx.options.layoutControls.controlBar;
    const isPlaying = !v.paused && !v.ended;
    const isIdle = Date.now() - lastActivity >= cb.autoHideTimeout * 1000;
    const isBusy = menus.some((m) => m.isOpen) || bar.matches(':hover');
    setVisible(!(cb.autoHide && isPlaying && isIdle && !isBusy));
  };
  // Activity ends a forced state from toggleControlBar and shows the controls again.
  const onActivity = (): void => {
    lastActivity = Date.now();
    forced = null;
    setVisible(true);
  };
  for (const type of ['pointermove', 'pointerdown', 'keydown', 'focusin', 'touchstart']) {
    ctx.listen(root, type, onActivity, { passive: true });
  }
  ctx.listen(v, 'pause', () => setVisible(true));
  const timer = setInterval(poll, ACTIVITY_POLL_MS);
  ctx.onDestroy(() => clearInterval(timer));
  return (show) => {
    forced = show;
    setVisible(show);
  };
}
