// Casting (docs/player/features.md) through the browser's Remote Playback API: Chromecast in
// Chromium, AirPlay in Safari. The button shows only while the browser sees a device; while the
// video plays on one, the player says so over the picture. Ads play in elements of their own
// that are never cast (their disableRemotePlayback is set).
import { el, iconButton, setLabel, setText } from '../dom.ts';
import { svg } from '../icons.ts';
import { logError } from '../log.ts';
import type { PlayerContext } from './context.ts';

const ICON = svg(
  'M1 18v3h3a3 3 0 0 0-3-3zm0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7zm0-4v2a9 9 0 0 1 9 9h2A11 11 0 0 0 1 10zm20-7H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z',
);
const LABEL = 'Cast';
const STOP_LABEL = 'Stop casting';

/** What the player shows while casting. */
export type CastState = 'disconnected' | 'connecting' | 'connected';

export class CastController {
  readonly #ctx: PlayerContext;
  /** The control-bar button, shown while a device is available (or while casting). */
  readonly button: HTMLButtonElement;
  /** "Playing on …" over the picture while casting. */
  readonly status = el('div', 'cr-cast-status', { role: 'status' });
  #isAvailable = false;

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    const { video, options, root } = ctx;
    this.button = iconButton('cr-cast fluid_button fluid_control_cast', LABEL, ICON);
    this.button.setAttribute('aria-pressed', 'false');
    this.button.hidden = true;
    this.status.hidden = true;
    root.append(this.status);
    const remote = typeof video.remote === 'object' ? video.remote : null;
    if (!options.layoutControls.allowCasting || !remote || video.disableRemotePlayback) return;
    ctx.listen(this.button, 'click', () => void this.prompt());
    for (const type of ['connecting', 'connect', 'disconnect']) {
      ctx.listen(remote, type, () => this.#update());
    }
    remote
      .watchAvailability((isAvailable) => {
        this.#isAvailable = isAvailable;
        this.#update();
      })
      .then((id) => ctx.onDestroy(() => void remote.cancelWatchAvailability(id).catch(() => {})))
      // Where the browser cannot watch (some devices, data saver), the button stays hidden.
      .catch(() => {});
    this.#update();
  }

  /** Disconnected, connecting or connected to a remote device. */
  get state(): CastState {
    return (this.#ctx.video.remote?.state as CastState | undefined) ?? 'disconnected';
  }

  /** Opens the browser's device picker (or its disconnect dialogue while casting). */
  async prompt(): Promise<void> {
    try {
      await this.#ctx.video.remote.prompt();
    } catch (error) {
      // The viewer closed the picker (NotAllowedError / AbortError) or no device answered.
      if (!/NotAllowed|Abort/.test(String(error))) logError(`Casting: ${String(error)}`);
    }
  }

  #update(): void {
    const state = this.state;
    const isCasting = state !== 'disconnected';
    this.button.hidden = !this.#isAvailable && !isCasting;
    this.button.setAttribute('aria-pressed', String(state === 'connected'));
    setLabel(this.button, isCasting ? STOP_LABEL : LABEL);
    this.#ctx.root.classList.toggle('cr-casting', isCasting);
    this.status.hidden = !isCasting;
    // The Remote Playback API does not name the device.
    setText(
      this.status,
      state === 'connecting' ? 'Connecting to a device…' : 'Playing on another device',
    );
  }
}
