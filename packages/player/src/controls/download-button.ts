// The download button, when allowDownload.
import type { PlayerContext } from '../controllers/context.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { barButton } from './shared.ts';

export function createDownloadButton(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'download'>,
): HTMLButtonElement {
  const button = barButton(
    'cr-download fluid_control_download fluid_button_download',
    'Download',
    icons.download,
  );
  button.hidden = !ctx.options.layoutControls.allowDownload;
  ctx.listen(button, 'click', () => playback.download());
  return button;
}
