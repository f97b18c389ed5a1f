// The playback speed button and its menu (controlBar.playbackRates), when playbackRateEnabled.
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import type { MenuItem, PopupMenu } from '../menu.ts';
import { parseRate } from '../options.ts';
import type { ControlsHost } from './host.ts';
import { menuButton, toggleMenu } from './shared.ts';

export function createSpeedMenu(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'setPlaybackSpeed'>,
  menu: PopupMenu,
): HTMLButtonElement {
  const lc = ctx.options.layoutControls;
  const label = 'Playback speed';
  const button = menuButton(
    'cr-speed fluid_control_playback_rate fluid_button_playback_rate',
    label,
    icons.speed,
  );
  button.hidden = !lc.playbackRateEnabled;
  const items = (): MenuItem[] =>
    lc.controlBar.playbackRates.map((rateLabel) => {
      const rate = parseRate(rateLabel);
      return {
        label: rateLabel.startsWith('x') ? rateLabel : `x${rateLabel}`,
        checked: Math.abs(ctx.video.playbackRate - rate) < 0.001,
        onSelect: () => playback.setPlaybackSpeed(rate),
      };
    });
  ctx.listen(button, 'click', () => toggleMenu(menu, button, label, items));
  return button;
}
