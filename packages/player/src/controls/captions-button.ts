// The subtitles button: shown when there are tracks, pressed while one is on; it opens the
// subtitle menu (the tracks and the Font Size submenu).
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import type { PopupMenu } from '../menu.ts';
import type { ControlsHost } from './host.ts';
import { menuButton, toggleMenu } from './shared.ts';

export function createCaptionsButton(
  ctx: PlayerContext,
  subtitles: ControlsHost['subtitles'],
  menu: PopupMenu,
): HTMLButtonElement {
  const label = ctx.options.captions.subtitles;
  const button = menuButton(
    'cr-captions fluid_control_subtitles fluid_button_subtitles',
    label,
    icons.captions,
  );
  const update = (): void => {
    button.hidden = subtitles.tracks.length === 0;
    button.setAttribute('aria-pressed', String(subtitles.selected >= 0));
  };
  ctx.on('subtitlesChange', update);
  ctx.listen(button, 'click', () => toggleMenu(menu, button, label, () => subtitles.menuItems()));
  update();
  return button;
}
