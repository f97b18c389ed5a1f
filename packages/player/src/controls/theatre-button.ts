// The theatre mode toggle, when allowTheatre; pressed while in theatre mode.
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { toggleButton } from './shared.ts';

export function createTheatreButton(
  ctx: PlayerContext,
  modes: ControlsHost['modes'],
): HTMLButtonElement {
  const button = toggleButton(
    'cr-theatre-btn fluid_control_theatre fluid_button_theatre',
    'Theatre mode',
    icons.theatre,
  );
  button.hidden = !ctx.options.layoutControls.allowTheatre;
  // Built after the saved theatre mode was applied, it starts pressed.
  button.setAttribute('aria-pressed', String(modes.mode === 'theatre'));
  ctx.on('modeChange', (_, to) => button.setAttribute('aria-pressed', String(to === 'theatre')));
  ctx.listen(button, 'click', () => modes.toggleTheatre());
  return button;
}
