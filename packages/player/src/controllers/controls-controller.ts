// Controls and menus (docs/player/behaviour.md, "Controls"): builds the control modules of
// src/controls/ (one per control, each with its own element, reacting to the video's events and
// the player's own, asking the player through the ControlsHost) and lays them out: poster, title,
// pause block, big play button, logo, the control bar, the popup and context menus.
import { el } from '../dom.ts';
import { PopupMenu } from '../menu.ts';
import { bindAutoHide } from '../controls/auto-hide.ts';
import { bindBarOverflow } from '../controls/bar-overflow.ts';
import type { BarOverflow } from '../controls/bar-overflow.ts';
import { createBigPlayButton } from '../controls/big-play-button.ts';
import { createCaptionsButton } from '../controls/captions-button.ts';
import { createCardboardButton } from '../controls/cardboard-button.ts';
import { createContextMenu } from '../controls/context-menu.ts';
import { createDownloadButton } from '../controls/download-button.ts';
import { createErrorMessage } from '../controls/error-message.ts';
import { createFullscreenButton } from '../controls/fullscreen-button.ts';
import { bindSurfaceGestures } from '../controls/gestures.ts';
import type { ControlsHost } from '../controls/host.ts';
import { createLiveIndicator } from '../controls/live-indicator.ts';
import { createLogo } from '../controls/logo.ts';
import { createMiniPlayerButton, createMiniPlayerClose } from '../controls/mini-player-button.ts';
import { createPauseBlock } from '../controls/pause-block.ts';
import type { PauseBlockContent } from '../controls/pause-block.ts';
import { createPlayButton } from '../controls/play-button.ts';
import { createProgressBar } from '../controls/progress-bar.ts';
import { createQualityMenu } from '../controls/quality-menu.ts';
import { createSkipButtons } from '../controls/skip-buttons.ts';
import { createSpeedMenu } from '../controls/speed-menu.ts';
import { createTheatreButton } from '../controls/theatre-button.ts';
import { createTimeDisplay } from '../controls/time-display.ts';
import { createTitle } from '../controls/title.ts';
import { createVolume } from '../controls/volume.ts';
import type { PlayerContext } from './context.ts';

/** The other controllers' elements that sit between the controls (in this order in the root). */
export interface ControlsLayers {
  /** The poster, made with the root (it shows before the rest is built). */
  poster: HTMLElement;
  subtitles: HTMLElement;
  suggested: HTMLElement;
  joystick: HTMLElement;
}

export class ControlsController {
  readonly bar = el('div', 'cr-controls fluid_controls_container');
  /** The popup menu of the bar's buttons (one per player). */
  readonly menu = new PopupMenu('cr-popup');
  readonly contextMenu: PopupMenu;
  /** The volume slider (the keyboard controller changes the volume on it). */
  readonly volume: HTMLElement;
  readonly #layers: ControlsLayers;
  readonly #title = createTitle();
  readonly #pauseBlock: ReturnType<typeof createPauseBlock>;
  readonly #miniButton: HTMLButtonElement;
  readonly #overflow: BarOverflow;
  readonly #forceControls: (show: boolean) => void;
  /** What shows the media's state, to bring in line after the saved settings are applied. */
  readonly #refreshers: (() => void)[];

  constructor(ctx: PlayerContext, host: ControlsHost, layers: ControlsLayers) {
    const { root, options } = ctx;
    const lc = options.layoutControls;
    const { playback, modes, subtitles } = host;
    const menu = this.menu;
    this.#layers = layers;

    const poster = layers.poster;
    this.#title.set(lc.title);
    this.#pauseBlock = createPauseBlock(ctx);
    this.#pauseBlock.set(lc.htmlOnPauseBlock);
    const progress = createProgressBar(ctx, playback);
    const play = createPlayButton(ctx, playback);
    const bigPlay = createBigPlayButton(ctx, playback, play.element);
    const volume = createVolume(ctx, playback);
    this.volume = volume.slider;
    const time = createTimeDisplay(ctx, playback);
    const live = createLiveIndicator(ctx, playback);
    this.#miniButton = createMiniPlayerButton(ctx, modes);
    const barRow = el('div', 'cr-bar');
    const overflow = bindBarOverflow(ctx, barRow);
    this.#overflow = overflow;
    barRow.append(
      play.element,
      ...createSkipButtons(ctx, host),
      volume.mute,
      volume.slider,
      time.element,
      live.element,
      el('span', 'cr-spacer'),
      createCaptionsButton(ctx, subtitles, menu),
      createQualityMenu(ctx, playback, menu, overflow),
      createSpeedMenu(ctx, playback, menu),
      createDownloadButton(ctx, playback),
      createCardboardButton(ctx, host),
      createTheatreButton(ctx, modes),
      this.#miniButton,
      createFullscreenButton(ctx, modes),
    );
    this.bar.append(progress.element, barRow);
    this.contextMenu = createContextMenu(ctx, host, this.bar);

    root.append(
      poster,
      layers.subtitles,
      this.#title.element,
      this.#pauseBlock.element,
      bigPlay,
      layers.suggested,
      layers.joystick,
      createErrorMessage(ctx, playback),
      this.bar,
      menu.element,
      this.contextMenu.element,
      createMiniPlayerClose(ctx, modes),
    );
    const logo = createLogo(ctx);
    if (logo) root.append(logo);

    ctx.on('suggestedToggle', (isShown) =>
      this.bar.classList.toggle('cr-under-suggested', isShown),
    );
    ctx.on('modeChange', () => menu.close(false));
    ctx.onDestroy(() => menu.close(false));
    bindSurfaceGestures(ctx, host, [ctx.video, poster, layers.subtitles]);
    this.#forceControls = bindAutoHide(ctx, this.bar, [menu, this.contextMenu]);
    this.#refreshers = [volume.update, play.update, time.update, live.update, progress.update];
  }

  /** Adds a button to the control bar, before the mini player's. */
  addButton(button: HTMLElement): void {
    this.#miniButton.before(button);
    this.#overflow.fit();
  }

  /** Brings the controls in line with the video (after the saved settings are applied). */
  refresh(): void {
    for (const update of this.#refreshers) update();
  }

  /** Elements whose own keys win over the player's shortcuts. */
  ownsKeys(target: Node): boolean {
    return (
      this.menu.element.contains(target) ||
      this.contextMenu.element.contains(target) ||
      this.#layers.suggested.contains(target) ||
      this.#layers.joystick.contains(target)
    );
  }

  setTitle(title: string | null): void {
    this.#title.set(title);
  }

  /** Forces the control bar shown (true) or hidden (false) until the next activity. */
  forceControls(show: boolean): void {
    this.#forceControls(show);
  }

  setPauseBlock(block: PauseBlockContent): void {
    this.#pauseBlock.set(block);
  }
}
