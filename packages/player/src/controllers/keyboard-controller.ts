// Keyboard control (docs/player/behaviour.md) while the player or a control in it has focus. The
// mapping of keys to actions is keyboard.ts; this runs them against what the player offers.
import { mapKey, stepSubtitleSize, stepVolume } from '../keyboard.ts';
import type { KeyAction } from '../keyboard.ts';
import { liveWindow, type PlayerContext } from './context.ts';

/** What the keys act on. */
export interface KeyboardTarget {
  togglePlay(): void;
  /** Seeks by `seconds` (ignored during an ad). */
  seekBy(seconds: number): void;
  skipTo(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleFullScreen(): void;
  toggleMiniPlayer(): void;
  /** Enters or leaves picture-in-picture, where the browser offers it. */
  togglePictureInPicture(): void;
  readonly subtitleSize: number;
  setSubtitleSize(size: number): void;
  /** Elements whose own keys win (menus, the suggested grid, the VR joystick). */
  ownsKeys(target: Node): boolean;
  /** The volume slider, where left and right change the volume. */
  readonly volumeSlider: HTMLElement;
}

export class KeyboardController {
  readonly #ctx: PlayerContext;
  readonly #target: KeyboardTarget;

  constructor(ctx: PlayerContext, target: KeyboardTarget) {
    this.#ctx = ctx;
    this.#target = target;
    if (!ctx.options.layoutControls.keyboardControl) return;
    ctx.listen<KeyboardEvent>(ctx.root, 'keydown', (event) => this.handle(event));
  }

  /** Handles one key press; true when the player acted on it. */
  handle(event: KeyboardEvent): boolean {
    if (event.defaultPrevented) return false;
    const element = event.target as HTMLElement;
    if (this.#target.ownsKeys(element)) return false;
    // Space and Enter on a button press the button.
    const isButton = element.tagName === 'BUTTON' || element.tagName === 'A';
    if (isButton && (event.key === ' ' || event.key === 'Enter')) return false;
    if (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
      return false;
    // On the volume slider, left and right change the volume like up and down.
    const onVolume = element === this.#target.volumeSlider && /^Arrow(Left|Right)$/.test(event.key);
    const action: KeyAction | null = onVolume
      ? { type: 'volumeBy', delta: event.key === 'ArrowRight' ? 0.05 : -0.05 }
      : mapKey(event);
    if (!action) return false;
    event.preventDefault();
    this.run(action);
    return true;
  }

  run(action: KeyAction): void {
    const v = this.#ctx.video;
    const t = this.#target;
    // A live stream: the number keys, Home and End move within its window (DVR).
    const live = v.duration === Infinity ? liveWindow(v) : null;
    switch (action.type) {
      case 'togglePlay':
        t.togglePlay();
        break;
      case 'seekBy':
        t.seekBy(action.seconds);
        break;
      case 'seekToPercent':
        if (live) t.skipTo(live.start + ((live.end - live.start) * action.percent) / 100);
        else if (Number.isFinite(v.duration)) t.skipTo((v.duration * action.percent) / 100);
        break;
      case 'seekToStart':
        t.skipTo(live ? live.start : 0);
        break;
      case 'seekToEnd':
        if (live) t.skipTo(live.end);
        else if (Number.isFinite(v.duration)) t.skipTo(v.duration);
        break;
      case 'volumeBy':
        t.setVolume(stepVolume(v.muted ? 0 : v.volume, action.delta));
        break;
      case 'toggleMute':
        t.toggleMute();
        break;
      case 'toggleFullscreen':
        t.toggleFullScreen();
        break;
      case 'toggleMiniPlayer':
        t.toggleMiniPlayer();
        break;
      case 'togglePictureInPicture':
        t.togglePictureInPicture();
        break;
      case 'subtitleSize':
        t.setSubtitleSize(stepSubtitleSize(t.subtitleSize, action.direction));
        break;
    }
  }
}
