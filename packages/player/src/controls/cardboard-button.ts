// The cardboard view toggle, shown once the 360° view runs.
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { toggleButton } from './shared.ts';

export function createCardboardButton(
  ctx: PlayerContext,
  host: Pick<ControlsHost, 'toggleCardboard'>,
): HTMLButtonElement {
  const button = toggleButton(
    'cr-cardboard fluid_control_cardboard fluid_button_cardboard',
    'Cardboard view',
    icons.cardboard,
  );
  button.hidden = true;
  ctx.on('vrReady', () => (button.hidden = false));
  ctx.listen(button, 'click', () =>
    button.setAttribute('aria-pressed', String(host.toggleCardboard())),
  );
  return button;
}
