// The time and the duration ("1:05 / 3:20"); for a live stream, how far behind its edge the
// viewer is ("-0:42") when they went back, nothing at the edge (the LIVE indicator says it).
import type { PlayerContext } from '../controllers/context.ts';
import { el, formatTime, setText } from '../dom.ts';
import type { ControlsHost } from './host.ts';
import { LIVE_BEHIND_SECONDS, onTimeChange, timeState } from './shared.ts';

export function createTimeDisplay(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive'>,
): { element: HTMLElement; update(): void } {
  const element = el('span', 'cr-time fluid_control_duration');
  const update = (): void => {
    const { duration, currentTime, isLive, isKnown, window } = timeState(ctx, playback);
    const now = formatTime(currentTime);
    if (isLive) {
      const behind = window ? window.end - currentTime : 0;
      setText(element, behind > LIVE_BEHIND_SECONDS ? `-${formatTime(behind)}` : '');
      return;
    }
    setText(element, `${now} / ${formatTime(isKnown ? duration : 0)}`);
  };
  onTimeChange(ctx, update);
  update();
  return { element, update };
}
