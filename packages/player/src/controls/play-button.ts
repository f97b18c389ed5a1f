// The control bar's play/pause button; it also marks the root as playing.
import type { PlayerContext } from '../controllers/context.ts';
import { setIcon, setLabel } from '../dom.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { barButton } from './shared.ts';

export function createPlayButton(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'togglePlay'>,
): { element: HTMLButtonElement; update(): void } {
  const { video: v, options } = ctx;
  const captions = options.captions;
  const element = barButton('cr-play fluid_control_playpause', captions.play, icons.play);
  const update = (): void => {
    const isPlaying = !v.paused && !v.ended;
    setLabel(element, isPlaying ? captions.pause : captions.play);
    setIcon(element, isPlaying ? icons.pause : icons.play);
    element.classList.toggle('fluid_button_play', !isPlaying);
    element.classList.toggle('fluid_button_pause', isPlaying);
    ctx.root.classList.toggle('cr-playing', isPlaying);
  };
  for (const type of ['play', 'pause', 'ended']) ctx.listen(v, type, update);
  ctx.listen(element, 'click', () => playback.togglePlay());
  update();
  return { element, update };
}
