// Skip back and forward (10 s), when controlForwardBackward.show offers them.
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import { SEEK_STEP } from '../keyboard.ts';
import type { ControlsHost } from './host.ts';
import { barButton } from './shared.ts';

export function createSkipButtons(
  ctx: PlayerContext,
  host: Pick<ControlsHost, 'seekBy'>,
): [back: HTMLButtonElement, forward: HTMLButtonElement] {
  const back = barButton('cr-skip-back fluid_button_skip_back', 'Skip back 10 seconds', icons.back);
  const forward = barButton(
    'cr-skip-forward fluid_button_skip_forward',
    'Skip forward 10 seconds',
    icons.forward,
  );
  back.hidden = forward.hidden = !ctx.options.layoutControls.controlForwardBackward.show;
  ctx.listen(back, 'click', () => host.seekBy(-SEEK_STEP));
  ctx.listen(forward, 'click', () => host.seekBy(SEEK_STEP));
  return [back, forward];
}
