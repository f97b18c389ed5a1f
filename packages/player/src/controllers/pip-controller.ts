// Picture-in-picture (docs/player/features.md): a control-bar button and the P key, offered
// only where the browser has it (the mini player stays for the others). Entering it leaves the
// mini player and fullscreen; entering those leaves it. A viewer who was watching in it gets it
// again at their next play, which is a gesture of theirs (browsers ask for one).
import { iconButton } from '../dom.ts';
import { svg } from '../icons.ts';
import { logError } from '../log.ts';
import { saveSettings } from '../storage.ts';
import type { PlayerContext } from './context.ts';
import type { DisplayModesController } from './display-modes-controller.ts';

const ICON = svg(
  'M19 11h-8v6h8zm2-8H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18zM5 7h6v2H7.4l3.3 3.3-1.4 1.4L6 10.4V13H4V7z',
);
const LABEL = 'Picture-in-picture';

export class PipController {
  readonly #ctx: PlayerContext;
  /** The control-bar button (hidden where picture-in-picture is not offered). */
  readonly button: HTMLButtonElement;
  #isRestorePending: boolean;

  constructor(ctx: PlayerContext, modes: DisplayModesController, wasOn: boolean) {
    this.#ctx = ctx;
    const { video, options } = ctx;
    const p = options.layoutControls.persistentSettings;
    this.button = iconButton('cr-pip fluid_button fluid_control_pip', LABEL, ICON);
    this.button.setAttribute('aria-pressed', 'false');
    this.button.hidden = !this.isOffered;
    this.#isRestorePending = this.isOffered && p.pictureInPicture && wasOn;
    ctx.listen(this.button, 'click', () => void this.toggle());
    const update = (isOn: boolean, byViewer: boolean): void => {
      this.button.setAttribute('aria-pressed', String(isOn));
      ctx.root.classList.toggle('cr-pip-on', isOn);
      if (byViewer && p.pictureInPicture && !ctx.isDestroyed)
        saveSettings({ pictureInPicture: isOn });
    };
    ctx.listen(video, 'enterpictureinpicture', () => {
      this.#isRestorePending = false;
      if (modes.mode === 'mini') modes.toggleMiniPlayer(false);
      if (modes.mode === 'fullscreen') modes.toggleFullScreen(false);
      update(true, true);
    });
    ctx.listen(video, 'leavepictureinpicture', () => update(false, !ctx.isDestroyed));
    ctx.on('modeChange', (_, to) => {
      if ((to === 'mini' || to === 'fullscreen') && this.isOn) void this.toggle(false);
    });
    // The saved state comes back with the viewer's first play (user activation is needed).
    ctx.listen(video, 'play', () => this.#restore());
    ctx.onDestroy(() => {
      if (this.isOn) void document.exitPictureInPicture().catch(() => {});
    });
    // Loaded after a play the viewer just made: that play counts.
    if (!video.paused) this.#restore();
  }

  #restore(): void {
    if (!this.#isRestorePending || navigator.userActivation?.isActive === false) return;
    this.#isRestorePending = false;
    const video = this.#ctx.video;
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) void this.toggle(true);
    else this.#ctx.listen(video, 'loadedmetadata', () => void this.toggle(true), { once: true });
  }

  /** Whether the browser and the options offer picture-in-picture for this video. */
  get isOffered(): boolean {
    return (
      this.#ctx.options.layoutControls.allowPictureInPicture &&
      typeof document !== 'undefined' &&
      document.pictureInPictureEnabled === true &&
      !this.#ctx.video.disablePictureInPicture
    );
  }

  /** Whether the video is in picture-in-picture now. */
  get isOn(): boolean {
    return typeof document !== 'undefined' && document.pictureInPictureElement === this.#ctx.video;
  }

  /** Enters or leaves picture-in-picture; toggles without an argument. */
  async toggle(on?: boolean): Promise<void> {
    const want = on ?? !this.isOn;
    if (want === this.isOn || (want && !this.isOffered)) return;
    try {
      if (want) await this.#ctx.video.requestPictureInPicture();
      else await document.exitPictureInPicture();
    } catch (error) {
      // No gesture, no metadata yet, or the browser refused: the player stays as it is.
      logError(`Picture-in-picture: ${String(error)}`);
    }
  }
}
