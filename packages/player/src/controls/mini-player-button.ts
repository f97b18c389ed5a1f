// The mini player toggle, when miniPlayer.enabled (pressed while in the mini player), and the
// close button over the mini player.
import type { PlayerContext } from '../controllers/context.ts';
import { iconButton } from '../dom.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { toggleButton } from './shared.ts';

type Modes = ControlsHost['modes'];

export function createMiniPlayerButton(ctx: PlayerContext, modes: Modes): HTMLButtonElement {
  const button = toggleButton(
    'cr-mini-btn fluid_control_mini_player fluid_button_mini_player',
    'Mini player',
    icons.mini,
  );
  button.hidden = !ctx.options.layoutControls.miniPlayer.enabled;
  button.setAttribute('aria-pressed', String(modes.mode === 'mini'));
  ctx.on('modeChange', (_, to) => button.setAttribute('aria-pressed', String(to === 'mini')));
  ctx.listen(button, 'click', () => modes.toggleMiniPlayer());
  return button;
}

/** The close button over the mini player. */
export function createMiniPlayerClose(ctx: PlayerContext, modes: Modes): HTMLButtonElement {
  const button = iconButton('cr-mini-close', 'Close mini player', icons.close);
  ctx.listen(button, 'click', () => modes.toggleMiniPlayer(false));
  return button;
}
