// The live indicator: shown for a live stream; behind the live edge it takes the viewer back.
import type { PlayerContext } from '../controllers/context.ts';
import { el } from '../dom.ts';
import type { ControlsHost } from './host.ts';
import { liveWindow, onTimeChange, timeState } from './shared.ts';

/** Further than this behind the live edge, the live indicator offers to go back to it. */
const LIVE_BEHIND_SECONDS = 8;
/** Where "back to live" lands: this far before the edge, so playback does not stall on it. */
const LIVE_EDGE_OFFSET_SECONDS = 3;

export function createLiveIndicator(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive' | 'skipTo'>,
): { element: HTMLElement; update(): void } {
  const element = el('button', 'cr-live fluid_control_live_indicator', { type: 'button' });
  element.textContent = 'LIVE';
  element.hidden = true;
  const update = (): void => {
    const { currentTime, isLive, window } = timeState(ctx, playback);
    element.hidden = !isLive;
    ctx.root.classList.toggle('cr-is-live', isLive);
    const isBehind = window !== null && window.end - currentTime > LIVE_BEHIND_SECONDS;
    element.classList.toggle('cr-live-behind', isBehind);
    element.setAttribute('aria-label', isBehind ? 'Back to live' : 'Live');
    element.title = isBehind ? 'Back to live' : 'Live';
  };
  ctx.listen(element, 'click', () => {
    const window = liveWindow(ctx.video);
    if (window) playback.skipTo(Math.max(window.start, window.end - LIVE_EDGE_OFFSET_SECONDS));
  });
  onTimeChange(ctx, update);
  update();
  return { element, update };
}
