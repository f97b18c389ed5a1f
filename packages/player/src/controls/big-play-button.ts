// The big play button over the picture, until the first play.
import type { PlayerContext } from '../controllers/context.ts';
import { iconButton } from '../dom.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { hasStarted } from './shared.ts';

/** `focusAfter` takes the focus when the button goes away while it has it. */
export function createBigPlayButton(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'play'>,
  focusAfter: HTMLElement,
): HTMLButtonElement {
  const { captions, layoutControls } = ctx.options;
  const button = iconButton('cr-big-play fluid_initial_play_button', captions.play, icons.play);
  button.hidden = !layoutControls.playButtonShowing || hasStarted(ctx.video);
  ctx.listen(ctx.video, 'play', () => {
    // The big button goes away as it is pressed: its focus moves to the bar's play button,
    // so a keyboard user's next Space pauses instead of scrolling the page.
    const hadFocus = button === button.ownerDocument.activeElement;
    button.hidden = true;
    if (hadFocus) focusAfter.focus({ preventScroll: true });
  });
  ctx.listen(button, 'click', () => playback.play());
  return button;
}
