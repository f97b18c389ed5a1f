// The fullscreen button; its label and icon follow the display mode.
import type { PlayerContext } from '../controllers/context.ts';
import { setIcon, setLabel } from '../dom.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { barButton } from './shared.ts';

export function createFullscreenButton(
  ctx: PlayerContext,
  modes: ControlsHost['modes'],
): HTMLButtonElement {
  const captions = ctx.options.captions;
  const button = barButton(
    'cr-fullscreen fluid_control_fullscreen fluid_button_fullscreen',
    captions.fullscreen,
    icons.fullscreen,
  );
  ctx.on('modeChange', (from, to) => {
    if (from !== 'fullscreen' && to !== 'fullscreen') return;
    const isFull = to === 'fullscreen';
    setLabel(button, isFull ? captions.exitFullscreen : captions.fullscreen);
    setIcon(button, isFull ? icons.exitFullscreen : icons.fullscreen);
    button.classList.toggle('fluid_button_fullscreen', !isFull);
    button.classList.toggle('fluid_button_fullscreen_exit', isFull);
  });
  ctx.listen(button, 'click', () => modes.toggleFullScreen());
  return button;
}
