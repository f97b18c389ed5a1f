// Controls and menus (docs/player/behaviour.md, "Controls"): poster, title, big play button, pause
// block, logo, the control bar with its progress bar, thumbnail preview and volume slider, the
// source, speed and subtitle menus, the context menu, pointer gestures, and hiding the bar on
// inactivity.
import { el, formatTime, iconButton, setIcon, setLabel, setText } from '../dom.ts';
import { fetchWithTimeout } from '../dom.ts';
import { icons } from '../icons.ts';
import { SEEK_STEP } from '../keyboard.ts';
import { logError } from '../log.ts';
import { PopupMenu } from '../menu.ts';
import type { MenuItem } from '../menu.ts';
import { parseRate } from '../options.ts';
import { version } from '../version.ts';
import { findCue, parsePreviewVtt } from '../vtt.ts';
import type { PreviewCue } from '../vtt.ts';
import type { AdsController } from './ads-controller.ts';
import { displayDuration, type PlayerContext } from './context.ts';
import type { DisplayModesController } from './display-modes-controller.ts';
import type { PlaybackController } from './playback-controller.ts';
import type { SubtitlesController } from './subtitles-controller.ts';
import type { SuggestedController } from './suggested-controller.ts';
import type { VrController } from './vr-controller.ts';

const DOUBLE_TAP_MS = 300;
const ACTIVITY_POLL_MS = 300;
const BUFFER_POLL_MS = 500;

/** The controllers the controls drive. */
export interface ControlsDeps {
  playback: PlaybackController;
  subtitles: SubtitlesController;
  modes: DisplayModesController;
  suggested: SuggestedController;
  vr: VrController;
  ads: AdsController;
}

/** Further than this behind the live edge, the live indicator offers to go back to it. */
const LIVE_BEHIND_SECONDS = 8;
/** Where "back to live" lands: this far before the edge, so playback does not stall on it. */
const LIVE_EDGE_OFFSET_SECONDS = 3;

/** The part of a live stream that can be played: its seekable range, or null. */
function liveWindow(video: HTMLVideoElement): { start: number; end: number } | null {
  const { seekable } = video;
  if (seekable.length === 0) return null;
  const start = seekable.start(0);
  const end = seekable.end(seekable.length - 1);
  return Number.isFinite(end) && end > start ? { start, end } : null;
}

/** A level's height, from its title ('720p'); 0 for a level named by its rate. */
const heightOf = (level: { title: string }) => Number(/^(\d+)p$/.exec(level.title)?.[1] ?? 0);

export class ControlsController {
  readonly #ctx: PlayerContext;
  readonly #d: ControlsDeps;
  readonly bar = el('div', 'cr-controls fluid_controls_container');
  readonly #poster = el('div', 'cr-poster fluid_pseudo_poster');
  readonly #title = el('div', 'cr-title fp_title');
  readonly #pauseBlock = el('div', 'cr-pause-block fluid_html_on_pause_container');
  readonly #bigPlay: HTMLButtonElement;
  readonly #progress = el('div', 'cr-progress fluid_controls_progress_container fluid_slider', {
    role: 'slider',
    tabindex: '0',
    'aria-label': 'Seek',
    'aria-valuemin': '0',
    'aria-valuemax': '0',
    'aria-valuenow': '0',
    'aria-valuetext': '0:00',
  });
  readonly #buffered = el('div', 'cr-buffered fluid_controls_buffered');
  readonly #played = el('div', 'cr-played fluid_controls_currentprogress');
  readonly #preview = el('div', 'cr-preview fluid_timeline_preview', { 'aria-hidden': 'true' });
  readonly #previewTime = el('div', 'cr-preview-time', { 'aria-hidden': 'true' });
  readonly #playButton: HTMLButtonElement;
  readonly #muteButton: HTMLButtonElement;
  readonly volume = el('div', 'cr-volume fluid_control_volume_container fluid_slider', {
    role: 'slider',
    tabindex: '0',
    'aria-label': 'Volume',
    'aria-valuemin': '0',
    'aria-valuemax': '100',
  });
  readonly #volumeFill = el('div', 'cr-volume-fill fluid_control_currentvolume');
  readonly #time = el('span', 'cr-time fluid_control_duration');
  /** The live indicator; behind the live edge it takes the viewer back to it. */
  readonly #live = el('button', 'cr-live fluid_control_live_indicator', { type: 'button' });
  readonly #captionsButton: HTMLButtonElement;
  readonly #sourceButton: HTMLButtonElement;
  readonly #speedButton: HTMLButtonElement;
  readonly #downloadButton: HTMLButtonElement;
  readonly #cardboardButton: HTMLButtonElement;
  readonly #theatreButton: HTMLButtonElement;
  readonly #miniButton: HTMLButtonElement;
  readonly #fullscreenButton: HTMLButtonElement;
  readonly #miniClose: HTMLButtonElement;
  readonly menu = new PopupMenu('cr-popup');
  readonly contextMenu = new PopupMenu('cr-context fluid_context_menu');
  readonly #logo: HTMLElement | null;
  #previewCues: PreviewCue[] = [];
  #hasStarted = false;
  #lastActivity = Date.now();
  #forcedControls: boolean | null = null;
  #pendingTap: ReturnType<typeof setTimeout> | undefined;

  constructor(ctx: PlayerContext, deps: ControlsDeps) {
    this.#ctx = ctx;
    this.#d = deps;
    const { root, video, options } = ctx;
    const lc = options.layoutControls;
    const captions = options.captions;

    // The video's own poster attribute stands in when no posterImage is given.
    if (!lc.posterImage && video.getAttribute('poster')) lc.posterImage = video.poster;
    if (lc.posterImage) {
      this.#poster.style.backgroundImage = `url("${lc.posterImage.replace(/"/g, '%22')}")`;
      this.#poster.style.backgroundSize = lc.posterImageSize;
    } else this.#poster.hidden = true;
    this.setTitle(lc.title);
    this.#pauseBlock.hidden = true;
    this.setPauseBlock(lc.htmlOnPauseBlock);
    this.#bigPlay = iconButton('cr-big-play fluid_initial_play_button', captions.play, icons.play);
    this.#bigPlay.hidden = !lc.playButtonShowing;
    this.#miniClose = iconButton('cr-mini-close', 'Close mini player', icons.close);
    this.#logo = this.#buildLogo();

    const track = el('div', 'cr-progress-track fluid_controls_progress');
    track.append(this.#buffered, this.#played);
    this.#preview.hidden = true;
    this.#previewTime.hidden = true;
    this.#progress.append(track, this.#preview, this.#previewTime);

    const button = (className: string, label: string, icon: string): HTMLButtonElement =>
      iconButton(`${className} fluid_button`, label, icon);
    const menuButton = (className: string, label: string, icon: string): HTMLButtonElement => {
      const b = button(className, label, icon);
      b.setAttribute('aria-haspopup', 'menu');
      return b;
    };
    const toggle = (className: string, label: string, icon: string): HTMLButtonElement => {
      const b = button(className, label, icon);
      b.setAttribute('aria-pressed', 'false');
      return b;
    };
    this.#playButton = button('cr-play fluid_control_playpause', captions.play, icons.play);
    const back = button('cr-skip-back fluid_button_skip_back', 'Skip back 10 seconds', icons.back);
    const forward = button(
      'cr-skip-forward fluid_button_skip_forward',
      'Skip forward 10 seconds',
      icons.forward,
    );
    back.hidden = forward.hidden = !lc.controlForwardBackward.show;
    this.#muteButton = button('cr-mute fluid_control_mute', captions.mute, icons.volume);
    this.volume.append(this.#volumeFill);
    this.#live.textContent = 'LIVE';
    this.#live.hidden = true;
    this.#captionsButton = menuButton(
      'cr-captions fluid_control_subtitles fluid_button_subtitles',
      captions.subtitles,
      icons.captions,
    );
    this.#sourceButton = menuButton(
      'cr-source fluid_control_video_source fluid_button_video_source',
      'Quality',
      icons.settings,
    );
    this.#speedButton = menuButton(
      'cr-speed fluid_control_playback_rate fluid_button_playback_rate',
      'Playback speed',
      icons.speed,
    );
    this.#speedButton.hidden = !lc.playbackRateEnabled;
    this.#downloadButton = button(
      'cr-download fluid_control_download fluid_button_download',
      'Download',
      icons.download,
    );
    this.#downloadButton.hidden = !lc.allowDownload;
    this.#cardboardButton = toggle(
      'cr-cardboard fluid_control_cardboard fluid_button_cardboard',
      'Cardboard view',
      icons.cardboard,
    );
    this.#cardboardButton.hidden = true;
    this.#theatreButton = toggle(
      'cr-theatre-btn fluid_control_theatre fluid_button_theatre',
      'Theatre mode',
      icons.theatre,
    );
    this.#theatreButton.hidden = !lc.allowTheatre;
    this.#miniButton = toggle(
      'cr-mini-btn fluid_control_mini_player fluid_button_mini_player',
      'Mini player',
      icons.mini,
    );
    this.#miniButton.hidden = !lc.miniPlayer.enabled;
    this.#fullscreenButton = button(
      'cr-fullscreen fluid_control_fullscreen fluid_button_fullscreen',
      captions.fullscreen,
      icons.fullscreen,
    );
    const barRow = el('div', 'cr-bar');
    barRow.append(
      this.#playButton,
      back,
      forward,
      this.#muteButton,
      this.volume,
      this.#time,
      this.#live,
      el('span', 'cr-spacer'),
      this.#captionsButton,
      this.#sourceButton,
      this.#speedButton,
      this.#downloadButton,
      this.#cardboardButton,
      this.#theatreButton,
      this.#miniButton,
      this.#fullscreenButton,
    );
    this.bar.append(this.#progress, barRow);

    root.append(
      this.#poster,
      deps.subtitles.element,
      this.#title,
      this.#pauseBlock,
      this.#bigPlay,
      deps.suggested.element,
      deps.vr.joystick,
      this.bar,
      this.menu.element,
      this.contextMenu.element,
      this.#miniClose,
    );
    if (this.#logo) root.append(this.#logo);

    deps.subtitles.onChange = () => this.#updateCaptionsButton();
    deps.playback.onSourcesChange = () => this.#updateSourceButton();
    deps.playback.onLiveChange = () => this.#updateTime();
    deps.playback.onPendingSeekChange = () => this.#updateTime();
    deps.suggested.onToggle = (isShown) => this.bar.classList.toggle('cr-under-suggested', isShown);
    deps.vr.onReady = () => (this.#cardboardButton.hidden = false);
    ctx.onDestroy(deps.modes.onChange((from, to) => this.#onModeChange(from, to)));

    this.#bindMedia();
    this.#bindButtons(back, forward);
    this.#bindPointer();
    const buffer = setInterval(() => this.#updateBuffered(), BUFFER_POLL_MS);
    const activity = setInterval(() => this.#pollActivity(), ACTIVITY_POLL_MS);
    ctx.onDestroy(() => {
      clearInterval(buffer);
      clearInterval(activity);
      clearTimeout(this.#pendingTap);
      this.menu.close(false);
      this.contextMenu.close(false);
    });

    this.#updateCaptionsButton();
    this.#updateSourceButton();
    this.#updateVolumeUi();
    this.#updateTime();
    this.#updatePlayUi();
    deps.subtitles.setControlsShown(true);
    if (lc.timelinePreview) void this.#loadPreview();
  }

  /** Adds a button to the control bar, before the mini player's. */
  addButton(button: HTMLElement): void {
    this.#miniButton.before(button);
  }

  /** Brings the controls in line with the video (after the saved settings are applied). */
  refresh(): void {
    this.#updateVolumeUi();
    this.#updatePlayUi();
    this.#updateTime();
  }

  /** Elements whose own keys win over the player's shortcuts. */
  ownsKeys(target: Node): boolean {
    return (
      this.menu.element.contains(target) ||
      this.contextMenu.element.contains(target) ||
      this.#d.suggested.element.contains(target) ||
      this.#d.vr.joystick.contains(target)
    );
  }

  setTitle(title: string | null): void {
    this.#title.textContent = title ?? '';
    this.#title.hidden = !title;
  }

  /** Forces the control bar shown (true) or hidden (false) until the next activity. */
  forceControls(show: boolean): void {
    this.#forcedControls = show;
    this.#setControlsVisible(show);
  }

  setPauseBlock(block: { html: string | null; width: number | null; height: number | null }): void {
    this.#pauseBlock.innerHTML = block.html ?? '';
    this.#pauseBlock.style.width = block.width ? `${block.width}px` : '';
    this.#pauseBlock.style.height = block.height ? `${block.height}px` : '';
    this.#pauseBlock.dataset.hasContent = block.html ? 'true' : 'false';
    this.#updatePauseBlock();
  }

  /** Seeks by `seconds`; ignored while an ad plays (docs/player/behaviour.md). */
  seekBy(seconds: number): void {
    if (this.#d.ads.playing) return;
    this.#d.playback.skipTo(this.#ctx.video.currentTime + seconds);
  }

  #bindMedia(): void {
    const { video: v } = this.#ctx;
    const listen = this.#ctx.listen;
    listen(v, 'play', () => {
      this.#hasStarted = true;
      this.#poster.hidden = true;
      // The big button goes away as it is pressed: its focus moves to the bar's play button,
      // so a keyboard user's next Space pauses instead of scrolling the page.
      const hadFocus = this.#bigPlay === this.#bigPlay.ownerDocument.activeElement;
      this.#bigPlay.hidden = true;
      if (hadFocus) this.#playButton.focus({ preventScroll: true });
      this.#updatePlayUi();
      this.#updatePauseBlock();
    });
    listen(v, 'pause', () => {
      this.#updatePlayUi();
      this.#updatePauseBlock();
      this.#setControlsVisible(true);
    });
    listen(v, 'ended', () => this.#updatePlayUi());
    listen(v, 'timeupdate', () => this.#updateTime());
    listen(v, 'durationchange', () => this.#updateTime());
    listen(v, 'loadedmetadata', () => this.#updateTime());
    listen(v, 'volumechange', () => this.#updateVolumeUi());
  }

  #bindButtons(back: HTMLButtonElement, forward: HTMLButtonElement): void {
    const { playback, modes, subtitles, vr } = this.#d;
    const on = (b: HTMLElement, run: () => void): void => this.#ctx.listen(b, 'click', run);
    on(this.#playButton, () => playback.togglePlay());
    on(this.#bigPlay, () => playback.play());
    on(back, () => this.seekBy(-SEEK_STEP));
    on(this.#live, () => {
      const window = liveWindow(this.#ctx.video);
      if (window) playback.skipTo(Math.max(window.start, window.end - LIVE_EDGE_OFFSET_SECONDS));
    });
    on(forward, () => this.seekBy(SEEK_STEP));
    on(this.#muteButton, () => playback.toggleMute());
    on(this.#fullscreenButton, () => modes.toggleFullScreen());
    on(this.#theatreButton, () => modes.toggleTheatre());
    on(this.#miniButton, () => modes.toggleMiniPlayer());
    on(this.#miniClose, () => modes.toggleMiniPlayer(false));
    on(this.#cardboardButton, () =>
      this.#cardboardButton.setAttribute('aria-pressed', String(vr.toggleCardboard())),
    );
    on(this.#downloadButton, () => playback.download());
    const captions = this.#ctx.options.captions;
    on(this.#captionsButton, () =>
      this.#toggleMenu(this.#captionsButton, captions.subtitles, () => subtitles.menuItems()),
    );
    on(this.#sourceButton, () =>
      this.#toggleMenu(this.#sourceButton, 'Quality', () => this.#sourceMenu()),
    );
    on(this.#speedButton, () =>
      this.#toggleMenu(this.#speedButton, 'Playback speed', () => this.#speedMenu()),
    );
  }

  #bindPointer(): void {
    const { root, video } = this.#ctx;
    const listen = this.#ctx.listen;
    const playback = this.#d.playback;
    // Activity ends a forced state from toggleControlBar and shows the controls again.
    const onActivity = (): void => {
      this.#lastActivity = Date.now();
      this.#forcedControls = null;
      this.#setControlsVisible(true);
    };
    for (const type of ['pointermove', 'pointerdown', 'keydown', 'focusin', 'touchstart']) {
      listen(root, type, onActivity, { passive: true });
    }

    // Click toggles play; a second click or tap within 300 ms skips by half.
    for (const surface of [video, this.#poster, this.#d.subtitles.element]) {
      listen<MouseEvent>(surface, 'click', (event) => this.#onSurfaceClick(event));
    }

    // Progress bar: seek on press and drag, preview on hover.
    let isScrubbing = false;
    const timeAt = (clientX: number): number => {
      const rect = this.#progress.getBoundingClientRect();
      const ratio = rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
      const duration = displayDuration(this.#ctx);
      const clamped = Math.max(0, Math.min(1, ratio));
      // A live stream seeks within the window it keeps (its DVR window).
      const window = duration === Infinity ? liveWindow(this.#ctx.video) : null;
      if (window) return window.start + clamped * (window.end - window.start);
      return Number.isFinite(duration) ? clamped * duration : 0;
    };
    listen<PointerEvent>(this.#progress, 'pointerdown', (e) => {
      isScrubbing = true;
      this.#progress.setPointerCapture?.(e.pointerId);
      playback.skipTo(timeAt(e.clientX));
    });
    listen<PointerEvent>(this.#progress, 'pointermove', (e) => {
      if (isScrubbing) playback.skipTo(timeAt(e.clientX));
      this.#showPreview(e.clientX, timeAt(e.clientX));
    });
    listen(this.#progress, 'pointerup', () => {
      isScrubbing = false;
    });
    listen(this.#progress, 'pointerleave', () => {
      this.#preview.hidden = true;
      this.#previewTime.hidden = true;
    });

    let isAdjustingVolume = false;
    const volumeAt = (clientX: number): void => {
      const rect = this.volume.getBoundingClientRect();
      if (rect.width > 0) playback.setVolume((clientX - rect.left) / rect.width);
    };
    listen<PointerEvent>(this.volume, 'pointerdown', (e) => {
      isAdjustingVolume = true;
      this.volume.setPointerCapture?.(e.pointerId);
      volumeAt(e.clientX);
    });
    listen<PointerEvent>(this.volume, 'pointermove', (e) => {
      if (isAdjustingVolume) volumeAt(e.clientX);
    });
    listen(this.volume, 'pointerup', () => {
      isAdjustingVolume = false;
    });

    listen<MouseEvent>(root, 'contextmenu', (e) => {
      if (this.bar.contains(e.target as Node)) return;
      e.preventDefault();
      this.#openContextMenu(e.clientX, e.clientY);
    });
  }

  #onSurfaceClick(event: MouseEvent): void {
    if (this.#pendingTap !== undefined) {
      clearTimeout(this.#pendingTap);
      this.#pendingTap = undefined;
      // Skips are ignored while an ad plays.
      const lc = this.#ctx.options.layoutControls;
      if (this.#d.ads.playing || !lc.controlForwardBackward.doubleTapMobile) return;
      const rect = this.#ctx.root.getBoundingClientRect();
      this.seekBy(event.clientX - rect.left < rect.width / 2 ? -SEEK_STEP : SEEK_STEP);
      return;
    }
    this.#pendingTap = setTimeout(() => {
      this.#pendingTap = undefined;
      this.#d.playback.togglePlay();
    }, DOUBLE_TAP_MS);
  }

  #onModeChange(from: string, to: string): void {
    this.menu.close(false);
    const captions = this.#ctx.options.captions;
    const b = this.#fullscreenButton;
    if (from === 'fullscreen' || to === 'fullscreen') {
      const isFull = to === 'fullscreen';
      setLabel(b, isFull ? captions.exitFullscreen : captions.fullscreen);
      setIcon(b, isFull ? icons.exitFullscreen : icons.fullscreen);
      b.classList.toggle('fluid_button_fullscreen', !isFull);
      b.classList.toggle('fluid_button_fullscreen_exit', isFull);
    }
    this.#theatreButton.setAttribute('aria-pressed', String(to === 'theatre'));
    this.#miniButton.setAttribute('aria-pressed', String(to === 'mini'));
  }

  // ---------------------------------------------------------------- UI updates

  #updatePlayUi(): void {
    const v = this.#ctx.video;
    const isPlaying = !v.paused && !v.ended;
    const captions = this.#ctx.options.captions;
    setLabel(this.#playButton, isPlaying ? captions.pause : captions.play);
    setIcon(this.#playButton, isPlaying ? icons.pause : icons.play);
    this.#playButton.classList.toggle('fluid_button_play', !isPlaying);
    this.#playButton.classList.toggle('fluid_button_pause', isPlaying);
    this.#ctx.root.classList.toggle('cr-playing', isPlaying);
  }

  #updateVolumeUi(): void {
    const v = this.#ctx.video;
    const isMuted = v.muted || v.volume === 0;
    const captions = this.#ctx.options.captions;
    setLabel(this.#muteButton, isMuted ? captions.unmute : captions.mute);
    setIcon(this.#muteButton, isMuted ? icons.muted : icons.volume);
    this.#muteButton.classList.toggle('fluid_button_volume', !isMuted);
    this.#muteButton.classList.toggle('fluid_button_mute', isMuted);
    const level = isMuted ? 0 : Math.round(v.volume * 100);
    this.#volumeFill.style.width = `${level}%`;
    this.volume.setAttribute('aria-valuenow', String(level));
    this.volume.setAttribute('aria-valuetext', `${level}%`);
  }

  #updateTime(): void {
    const duration = displayDuration(this.#ctx);
    const currentTime = this.#d.playback.pendingSeek ?? this.#ctx.video.currentTime;
    const isLive = this.#d.playback.isLive || duration === Infinity;
    this.#live.hidden = !isLive;
    this.#ctx.root.classList.toggle('cr-is-live', isLive);
    const window = isLive ? liveWindow(this.#ctx.video) : null;
    const isBehind = window !== null && window.end - currentTime > LIVE_BEHIND_SECONDS;
    this.#live.classList.toggle('cr-live-behind', isBehind);
    this.#live.setAttribute('aria-label', isBehind ? 'Back to live' : 'Live');
    this.#live.title = isBehind ? 'Back to live' : 'Live';
    const isKnown = !isLive && Number.isFinite(duration) && duration > 0;
    const total = formatTime(isKnown ? duration : 0);
    setText(this.#time, isLive ? formatTime(currentTime) : `${formatTime(currentTime)} / ${total}`);
    this.#played.style.width = isKnown
      ? `${(currentTime / duration) * 100}%`
      : window
        ? `${Math.max(0, Math.min(1, (currentTime - window.start) / (window.end - window.start))) * 100}%`
        : '0%';
    this.#progress.setAttribute('aria-valuemax', String(isKnown ? Math.round(duration) : 0));
    this.#progress.setAttribute('aria-valuenow', String(Math.round(currentTime)));
    this.#progress.setAttribute('aria-valuetext', `${formatTime(currentTime)} of ${total}`);
  }

  #updateBuffered(): void {
    const { buffered, duration, currentTime } = this.#ctx.video;
    if (!Number.isFinite(duration) || duration <= 0) return;
    let end = 0;
    for (let i = 0; i < buffered.length; i++) {
      if (buffered.start(i) <= currentTime + 0.5) end = Math.max(end, buffered.end(i));
    }
    this.#buffered.style.width = `${(end / duration) * 100}%`;
  }

  #setControlsVisible(isVisible: boolean): void {
    const root = this.#ctx.root;
    if (root.classList.contains('cr-inactive') === !isVisible) return;
    root.classList.toggle('cr-inactive', !isVisible);
    this.#d.subtitles.setControlsShown(isVisible);
  }

  #pollActivity(): void {
    if (this.#forcedControls !== null) return;
    const cb = this.#ctx.options.layoutControls.controlBar;
    const v = this.#ctx.video;
    const isPlaying = !v.paused && !v.ended;
    const isIdle = Date.now() - this.#lastActivity >= cb.autoHideTimeout * 1000;
    const isBusy = this.menu.isOpen || this.contextMenu.isOpen || this.bar.matches(':hover');
    this.#setControlsVisible(!(cb.autoHide && isPlaying && isIdle && !isBusy));
  }

  #updatePauseBlock(): void {
    const v = this.#ctx.video;
    const isShown =
      this.#pauseBlock.dataset.hasContent === 'true' && this.#hasStarted && v.paused && !v.ended;
    this.#pauseBlock.hidden = !isShown;
  }

  #buildLogo(): HTMLElement | null {
    const logo = this.#ctx.options.layoutControls.logo;
    if (!logo.imageUrl) return null;
    const img = el('img', 'cr-logo-img', { src: logo.imageUrl, alt: logo.clickUrl ? 'Logo' : '' });
    const wrap: HTMLElement = logo.clickUrl
      ? el('a', 'cr-logo logo_holder', {
          href: logo.clickUrl,
          target: '_blank',
          rel: 'noopener',
          'aria-label': 'Logo',
        })
      : el('div', 'cr-logo logo_holder');
    wrap.append(img);
    wrap.classList.add(`cr-pos-${logo.position.replace(' ', '-')}`);
    wrap.style.opacity = String(logo.opacity);
    wrap.style.margin = logo.imageMargin;
    if (logo.hideWithControls) wrap.classList.add('cr-hide-with-controls');
    if (logo.mouseOverImageUrl) {
      const over = logo.mouseOverImageUrl;
      const normal = logo.imageUrl;
      this.#ctx.listen(wrap, 'mouseenter', () => (img.src = over));
      this.#ctx.listen(wrap, 'mouseleave', () => (img.src = normal));
    }
    return wrap;
  }

  // ---------------------------------------------------------------- menus

  #toggleMenu(button: HTMLElement, label: string, items: () => MenuItem[]): void {
    if (this.menu.isOpen && this.menu.opener === button) {
      this.menu.close();
      return;
    }
    this.menu.close(false);
    this.menu.open(button, label, items());
  }

  #sourceMenu(): MenuItem[] {
    return [...this.#qualityItems(), ...this.#audioItems()];
  }

  #qualityItems(): MenuItem[] {
    const playback = this.#d.playback;
    const levels = playback.levels;
    const isAudioOnly = playback.engine?.isAudioOnly?.() ?? false;
    if (levels.length > 2) {
      const selected = isAudioOnly ? -2 : (playback.engine?.selectedLevel() ?? -1);
      return [
        { label: 'auto', checked: selected === -1, onSelect: () => playback.selectLevel(-1) },
        ...levels
          // Tallest first, then the richest: a stream's peak rates do not always rise with its
          // height (a rung encoded apart, busy pictures), and people read the menu by height.
          .sort((a, b) => heightOf(b) - heightOf(a) || b.bitrate - a.bitrate)
          .map((level) => ({
            label: level.title,
            checked: selected === level.id,
            badge: level.isHD ? 'HD' : undefined,
            onSelect: () => playback.selectLevel(level.id),
          })),
      ];
    }
    if (playback.sources.length < 2) return [];
    return playback.sources.map((source, index) => ({
      label: source.title,
      checked: playback.index === index,
      badge: source.isHD ? 'HD' : undefined,
      onSelect: () => playback.switchSource(index),
    }));
  }

  /** 'audio only' (no video downloaded) and the audio languages (docs/player/features.md). */
  #audioItems(): MenuItem[] {
    const playback = this.#d.playback;
    const engine = playback.engine;
    const tracks = playback.audioTracks;
    const items: MenuItem[] = [];
    if (engine?.setAudioOnly && tracks.length > 0) {
      const isOn = engine.isAudioOnly?.() ?? false;
      items.push({
        label: 'audio only',
        checked: isOn,
        onSelect: () => playback.setAudioOnly(!isOn),
      });
    }
    if (tracks.length > 1) {
      const selected = engine?.selectedAudioTrack?.() ?? -1;
      const current = tracks.find((t) => t.id === selected);
      items.push({
        label: `Audio: ${current?.name ?? ''}`,
        submenuTitle: 'Audio',
        submenu: () =>
          tracks.map((track) => ({
            label: track.name,
            checked: track.id === selected,
            onSelect: () => playback.selectAudioTrack(track.id),
          })),
      });
    }
    return items;
  }

  #speedMenu(): MenuItem[] {
    const v = this.#ctx.video;
    return this.#ctx.options.layoutControls.controlBar.playbackRates.map((label) => {
      const rate = parseRate(label);
      return {
        label: label.startsWith('x') ? label : `x${label}`,
        checked: Math.abs(v.playbackRate - rate) < 0.001,
        onSelect: () => this.#d.playback.setPlaybackSpeed(rate),
      };
    });
  }

  #updateSourceButton(): void {
    const playback = this.#d.playback;
    this.#sourceButton.hidden = !(
      playback.levels.length > 2 ||
      playback.sources.length > 1 ||
      playback.audioTracks.length > 0
    );
  }

  #updateCaptionsButton(): void {
    const subtitles = this.#d.subtitles;
    this.#captionsButton.hidden = subtitles.tracks.length === 0;
    this.#captionsButton.setAttribute('aria-pressed', String(subtitles.selected >= 0));
  }

  #openContextMenu(x: number, y: number): void {
    const { video: v, root, options } = this.#ctx;
    const { playback, modes } = this.#d;
    const c = options.captions;
    const cm = options.layoutControls.contextMenu;
    const items: MenuItem[] = [];
    if (cm.controls) {
      items.push(
        { label: v.paused ? c.play : c.pause, onSelect: () => playback.togglePlay() },
        { label: v.muted ? c.unmute : c.mute, onSelect: () => playback.toggleMute() },
        {
          label: modes.mode === 'fullscreen' ? c.exitFullscreen : c.fullscreen,
          onSelect: () => modes.toggleFullScreen(),
        },
      );
    }
    for (const link of cm.links) {
      items.push({
        label: link.label,
        onSelect: () => window.open(link.href, '_blank', 'noopener'),
      });
    }
    items.push({ label: `Cutroom Player ${version}`, disabled: true });
    const rect = root.getBoundingClientRect();
    const menu = this.contextMenu.element;
    menu.style.left = `${Math.max(0, x - rect.left)}px`;
    menu.style.top = `${Math.max(0, y - rect.top)}px`;
    this.contextMenu.open(root, 'Player menu', items);
  }

  // ---------------------------------------------------------------- timeline preview

  async #loadPreview(): Promise<void> {
    const tp = this.#ctx.options.layoutControls.timelinePreview;
    if (!tp) return;
    if (tp.type === 'static') {
      this.#previewCues = (tp.frames ?? [])
        .map((f) => ({ x: 0, y: 0, w: 122.5, h: 69, ...f }))
        .sort((a, b) => a.startTime - b.startTime);
      return;
    }
    try {
      const url = new URL(tp.file ?? '', document.baseURI).href;
      const response = await fetchWithTimeout(url, this.#ctx.options.vastOptions.vastTimeout);
      const base = tp.spriteRelativePath === false ? document.baseURI : url;
      this.#previewCues = parsePreviewVtt(await response.text(), base, tp.spriteImage);
    } catch (error) {
      logError(`Could not load the timeline preview: ${String(error)}`);
    }
  }

  #showPreview(clientX: number, time: number): void {
    const rect = this.#progress.getBoundingClientRect();
    const x = clientX - rect.left;
    setText(this.#previewTime, formatTime(time));
    this.#previewTime.hidden = false;
    this.#previewTime.style.left = `${Math.max(0, Math.min(rect.width, x))}px`;
    const cue = findCue(this.#previewCues, time);
    if (!cue) {
      this.#preview.hidden = true;
      return;
    }
    const p = this.#preview;
    p.hidden = false;
    p.style.width = `${cue.w}px`;
    p.style.height = `${cue.h}px`;
    p.style.backgroundImage = `url("${cue.image.replace(/"/g, '%22')}")`;
    p.style.backgroundPosition = `-${cue.x}px -${cue.y}px`;
    const left = Math.max(0, Math.min(rect.width - cue.w, x - cue.w / 2));
    p.style.left = `${left}px`;
  }
}
