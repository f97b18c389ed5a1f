// The time and the duration ("1:05 / 3:20"), the time alone for a live stream.
import type { PlayerContext } from '../controllers/context.ts';
import { el, formatTime, setText } from '../dom.ts';
import type { ControlsHost } from './host.ts';
import { onTimeChange, timeState } from './shared.ts';

export function createTimeDisplay(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'pendingSeek' | 'isLive'>,
): { element: HTMLElement; update(): void } {
  const element = el('span', 'cr-time fluid_control_duration');
  const update = (): void => {
    const { duration, currentTime, isLive, isKnown } = timeState(ctx, playback);
    const now = formatTime(currentTime);
    setText(element, isLive ? now : `${now} / ${formatTime(isKnown ? duration : 0)}`);
  };
  onTimeChange(ctx, update);
  update();
  return { element, update };
}
