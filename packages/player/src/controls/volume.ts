// The mute button and the volume slider (pointer press and drag; its keys are the keyboard
// controller's).
import type { PlayerContext } from '../controllers/context.ts';
import { el, setIcon, setLabel } from '../dom.ts';
import { icons } from '../icons.ts';
import type { ControlsHost } from './host.ts';
import { barButton } from './shared.ts';

export function createVolume(
  ctx: PlayerContext,
  playback: Pick<ControlsHost['playback'], 'setVolume' | 'toggleMute'>,
): { mute: HTMLButtonElement; slider: HTMLElement; update(): void } {
  const { video: v, options, listen } = ctx;
  const captions = options.captions;
  const mute = barButton('cr-mute fluid_control_mute', captions.mute, icons.volume);
  const slider = el('div', 'cr-volume fluid_control_volume_container fluid_slider', {
    role: 'slider',
    tabindex: '0',
    'aria-label': 'Volume',
    'aria-valuemin': '0',
    'aria-valuemax': '100',
  });
  const fill = el('div', 'cr-volume-fill fluid_control_currentvolume');
  slider.append(fill);

  const update = (): void => {
    const isMuted = v.muted || v.volume === 0;
    setLabel(mute, isMuted ? captions.unmute : captions.mute);
    setIcon(mute, isMuted ? icons.muted : icons.volume);
    mute.classList.toggle('fluid_button_volume', !isMuted);
    mute.classList.toggle('fluid_button_mute', isMuted);
    const level = isMuted ? 0 : Math.round(v.volume * 100);
    fill.style.width = `${level}%`;
    slider.setAttribute('aria-valuenow', String(level));
    slider.setAttribute('aria-valuetext', `${level}%`);
  };
  listen(v, 'volumechange', update);
  listen(mute, 'click', () => playback.toggleMute());

  let isAdjusting = false;
  const volumeAt = (clientX: number): void => {
    const rect = slider.getBoundingClientRect();
    if (rect.width > 0) playback.setVolume((clientX - rect.left) / rect.width);
  };
  listen<PointerEvent>(slider, 'pointerdown', (e) => {
    isAdjusting = true;
    slider.setPointerCapture?.(e.pointerId);
    volumeAt(e.clientX);
  });
  listen<PointerEvent>(slider, 'pointermove', (e) => {
    if (isAdjusting) volumeAt(e.clientX);
  });
  listen(slider, 'pointerup', () => {
    isAdjusting = false;
  });
  update();
  return { mute, slider, update };
}
