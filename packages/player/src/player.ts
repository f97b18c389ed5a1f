import { el, fetchWithTimeout, formatTime, iconButton, setLabel, throttle } from './dom.ts';
import type { EngineCallbacks, QualityLevel, StreamEngine } from './engine-types.ts';
import { attachNativeHls, hasNativeHls } from './native-hls.ts';
import { icons } from './icons.ts';
import { mapKey, stepSubtitleSize, stepVolume, SEEK_STEP } from './keyboard.ts';
import type { KeyAction } from './keyboard.ts';
import { loadAdsEngine, loadDashEngine, loadHlsEngine, loadVrEngine } from './lazy-load.ts';
import type { AdsController } from './ads-types.ts';
import type { VrView } from './lazy/vr-engine.ts';
import { logError, logInfo, logWarn } from './log.ts';
import { PopupMenu } from './menu.ts';
import type { MenuItem } from './menu.ts';
import { ModeMachine } from './modes.ts';
import type { DisplayMode, ModeTransition } from './modes.ts';
import { parseRate, resolveOptions } from './options.ts';
import type { PlayerOptions, ResolvedOptions } from './options.ts';
import { loadSettings, saveSettings } from './storage.ts';
import type { SavedSettings } from './storage.ts';
import { SUGGESTED_TIMEOUT_MS, SUGGESTED_TILES, parseSuggestedVideos } from './suggested.ts';
import type { SuggestedVideo } from './suggested.ts';
import { activeCues, findCue, parsePreviewVtt, parseVtt } from './vtt.ts';
import type { PreviewCue, VttCue } from './vtt.ts';
import { version } from './version.ts';

/** The events `on()` accepts (spec §4). */
export const PLAYER_EVENTS = [
  'play',
  'seeked',
  'ended',
  'pause',
  'playing',
  'waiting',
  'theatreModeOn',
  'theatreModeOff',
  'timeupdate',
  'miniPlayerToggle',
] as const;

/** An event name `on()` accepts. */
export type PlayerEventName = (typeof PLAYER_EVENTS)[number];

/** Passed to every event callback. */
export interface EventInfo {
  /** 'source' for the main video; an ad roll name while an ad plays. */
  mediaSourceType: 'source' | 'preRoll' | 'midRoll' | 'postRoll' | 'onPauseRoll';
  /** For miniPlayerToggle: whether the mini player is now on. */
  isToggledOn?: boolean;
  /** For timeupdate: the current time. */
  currentTime?: number;
}

/**
 * The first argument of a callback (other than timeupdate's): the event information, with the
 * event's name and, for miniPlayerToggle, Fluid Player's `detail`. Fluid passes its callbacks
 * (event, info): the info comes again as the second argument.
 */
export interface PlayerEvent extends EventInfo {
  type: PlayerEventName;
  detail?: { isToggledOn: boolean };
}

/** Callback of `on()`; timeupdate gets the current time first. */
export type PlayerEventCallback =
  ((event: PlayerEvent, info: EventInfo) => void) | ((time: number, info: EventInfo) => void);

/** A playable source, read from the video's `<source>` children. */
export interface VideoSource {
  /** Shown in the source menu; defaults to the URL's file name. */
  title: string;
  url: string;
  /** MIME type, when given. */
  type: string;
  /** The `data-fluid-hd` (or `data-hd`) attribute: shows an HD badge. */
  isHD: boolean;
}

/** A WebVTT subtitle track, read from the video's `<track>` children. */
export interface SubtitleTrack {
  label: string;
  url: string;
  lang: string;
  default: boolean;
}

/** The player instance `createPlayer` returns. */
export interface Player {
  /** The video element the player was created on. */
  readonly video: HTMLVideoElement;
  /** The element that wraps the video and the controls. */
  readonly element: HTMLElement;
  /** Starts playback. */
  play(): void;
  /** Pauses playback. */
  pause(): void;
  /** Seeks to `seconds`. */
  skipTo(seconds: number): void;
  /** Sets the playback rate (1 is normal speed). */
  setPlaybackSpeed(speed: number): void;
  /** Sets the volume from 0 to 1. */
  setVolume(volume: number): void;
  /** Shows (true) or hides (false) the control bar. */
  toggleControlBar(show: boolean): void;
  /** Enters or leaves fullscreen; toggles without an argument. */
  toggleFullScreen(on?: boolean): void;
  /** Enters or leaves the mini player; toggles without an argument. */
  toggleMiniPlayer(on?: boolean): void;
  /** Enters or leaves theatre mode; toggles without an argument. */
  toggleTheatre(on?: boolean): void;
  /** Replaces the HTML shown while paused. */
  setHtmlOnPauseBlock(block: { html: string; width?: number; height?: number }): void;
  /** Subscribes to timeupdate: the callback gets the current time, then the event info. */
  on(event: 'timeupdate', callback: (time: number, info: EventInfo) => void): void;
  /** Subscribes to a player event; an unknown name logs an error. */
  on(
    event: Exclude<PlayerEventName, 'timeupdate'>,
    callback: (event: PlayerEvent, info: EventInfo) => void,
  ): void;
  /** The hls.js instance playing the source, or null (no HLS, or the browser's own HLS). */
  hlsInstance(): unknown;
  /** The dash.js player playing the source, or null. */
  dashInstance(): unknown;
  /** The active display mode. */
  readonly displayMode: DisplayMode;
  /** Quality levels of the adaptive stream (empty for progressive sources). */
  readonly qualityLevels: QualityLevel[];
  /** Removes the player and gives the video element back as it was. */
  destroy(): void;
}

const initialized = new WeakMap<HTMLVideoElement, Player>();
let instances = 0;
const DOUBLE_TAP_MS = 300;
const ACTIVITY_POLL_MS = 300;
const BUFFER_POLL_MS = 500;
const MOBILE_BREAKPOINT = 768;
const SUBTITLE_OFFSET_SHOWN = 46;
const SUBTITLE_OFFSET_HIDDEN = 12;
const SCROLL_THROTTLE_MS = 1000 / 60;
const SWIPE_THRESHOLD = 5;
const SWIPE_LIMIT = 50;
const SUBTITLE_BASE_PX = 20;

function resolveTarget(target: HTMLVideoElement | string): HTMLVideoElement {
  if (typeof document === 'undefined') {
    throw new Error('createPlayer needs a browser document; call it on the client.');
  }
  const element = typeof target === 'string' ? document.getElementById(target) : target;
  if (!element) throw new Error(`Cutroom player: no element with id "${String(target)}".`);
  if (!(element instanceof HTMLVideoElement)) {
    throw new Error('Cutroom player: the target must be a <video> element or its id.');
  }
  if (initialized.has(element)) {
    throw new Error(
      'Cutroom player: this video element is already initialized; call destroy() first.',
    );
  }
  return element;
}

function readSources(video: HTMLVideoElement): VideoSource[] {
  const fromChildren = [...video.querySelectorAll('source')].map((s) => ({
    url: s.src || s.getAttribute('src') || '',
    type: s.type,
    title: s.title || s.getAttribute('title') || fileName(s.getAttribute('src') ?? ''),
    isHD: s.hasAttribute('data-fluid-hd') || s.hasAttribute('data-hd'),
  }));
  const sources = fromChildren.filter((s) => s.url);
  const own = video.getAttribute('src');
  if (sources.length === 0 && own) {
    sources.push({ url: video.src || own, type: '', title: fileName(own), isHD: false });
  }
  return sources;
}

function readTracks(video: HTMLVideoElement): SubtitleTrack[] {
  return [...video.querySelectorAll('track')]
    .filter((t) => ['subtitles', 'captions', 'metadata', ''].includes(t.getAttribute('kind') ?? ''))
    .map((t) => ({
      label: t.label || t.srclang || 'Subtitles',
      url: t.src || t.getAttribute('src') || '',
      lang: t.srclang,
      default: t.default,
    }))
    .filter((t) => t.url);
}

function fileName(url: string): string {
  return url.split(/[?#]/)[0]?.split('/').pop() || url;
}

function sourceKind(source: VideoSource): 'hls' | 'dash' | 'file' {
  const type = source.type.toLowerCase();
  const path = source.url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (type.includes('mpegurl') || path.endsWith('.m3u8')) return 'hls';
  if (type.includes('dash') || path.endsWith('.mpd')) return 'dash';
  return 'file';
}

function isIOS(): boolean {
  return /iPad|iPhone|iPod/.test(navigator.userAgent);
}

/**
 * Creates a player on a video element (or the id of one).
 *
 * @throws when the target does not exist, is not a video element, or already has a player.
 */
export function createPlayer(target: HTMLVideoElement | string, options?: PlayerOptions): Player {
  const video = resolveTarget(target);
  const modules = (options as { modules?: Record<string, unknown> } | undefined)?.modules;
  const hasHlsHooks = ['configureHls', 'onBeforeInitHls', 'onAfterInitHls'].some(
    (name) => typeof modules?.[name] === 'function',
  );
  const player = new CutroomPlayer(video, resolveOptions(options), hasHlsHooks);
  initialized.set(video, player);
  return player;
}

class CutroomPlayer implements Player {
  readonly video: HTMLVideoElement;
  readonly element: HTMLDivElement;
  readonly #o: ResolvedOptions;
  readonly #modes = new ModeMachine();
  readonly #listeners = new Map<PlayerEventName, PlayerEventCallback[]>();
  readonly #modeListeners = new Set<(from: string, to: string) => void>();
  readonly #cleanups: (() => void)[] = [];
  readonly #timers: ReturnType<typeof setInterval>[] = [];
  readonly #restore: {
    parent: ParentNode | null;
    next: Node | null;
    controls: boolean;
    removed: Element[];
    hadId: boolean;
  };
  readonly #settings: SavedSettings;

  #sources: VideoSource[];
  #sourceIndex = 0;
  #engine: StreamEngine | null = null;
  #levels: QualityLevel[] = [];
  #isLive = false;
  #tracks: SubtitleTrack[];
  #trackIndex = -1;
  #cues: VttCue[] = [];
  #subtitleSize = 100;
  #previewCues: PreviewCue[] = [];
  #suggested: SuggestedVideo[] = [];
  #hasStarted = false;
  #lastActivity = Date.now();
  #forcedControls: boolean | null = null;
  #pendingTap: ReturnType<typeof setTimeout> | undefined;
  #adKind: EventInfo['mediaSourceType'] | null = null;
  #ads: AdsController | null = null;
  #vr: VrView | null = null;
  #isCardboard = false;
  #placeholder: HTMLDivElement | null = null;
  #miniDismissed = false;
  #destroyed = false;
  #loadToken = 0;
  /** play() was the last of play() and pause() called. */
  #wantsPlay = false;
  /** The page configures hls.js through modules: HLS then always goes through hls.js. */
  readonly #hasHlsHooks: boolean;
  /** Playback calls made before the source and the ads are in place; null once they are. */
  #queue: (() => void)[] | null = [];

  // Elements
  readonly #controls: HTMLDivElement;
  readonly #progress: HTMLDivElement;
  readonly #buffered: HTMLDivElement;
  readonly #played: HTMLDivElement;
  readonly #preview: HTMLDivElement;
  readonly #previewTime: HTMLDivElement;
  readonly #playButton: HTMLButtonElement;
  readonly #muteButton: HTMLButtonElement;
  readonly #volume: HTMLDivElement;
  readonly #volumeFill: HTMLDivElement;
  readonly #time: HTMLSpanElement;
  readonly #live: HTMLSpanElement;
  readonly #captionsButton: HTMLButtonElement;
  readonly #sourceButton: HTMLButtonElement;
  readonly #speedButton: HTMLButtonElement;
  readonly #downloadButton: HTMLButtonElement;
  readonly #cardboardButton: HTMLButtonElement;
  readonly #theatreButton: HTMLButtonElement;
  readonly #miniButton: HTMLButtonElement;
  readonly #fullscreenButton: HTMLButtonElement;
  readonly #bigPlay: HTMLButtonElement;
  readonly #poster: HTMLDivElement;
  readonly #title: HTMLDivElement;
  readonly #subtitles: HTMLDivElement;
  readonly #pauseBlock: HTMLDivElement;
  readonly #suggestedGrid: HTMLDivElement;
  readonly #miniClose: HTMLButtonElement;
  readonly #joystick: HTMLDivElement;
  readonly #menu: PopupMenu;
  readonly #contextMenu: PopupMenu;
  readonly #logo: HTMLElement | null;

  constructor(video: HTMLVideoElement, options: ResolvedOptions, hasHlsHooks = false) {
    this.video = video;
    this.#hasHlsHooks = hasHlsHooks;
    this.#o = options;
    const lc = options.layoutControls;
    const captions = options.captions;
    this.#settings = loadSettings();
    this.#sources = readSources(video);
    this.#tracks = lc.subtitlesEnabled ? readTracks(video) : [];

    // Pages written for Fluid Player find the player by these ids and classes
    // (docs/player/compatibility.md); a video without an id gets one, as there.
    const hadId = video.hasAttribute('id');
    if (!video.id) video.id = `fluid_player_instance_${instances++}`;
    // Keep what we change so destroy() can give the element back as it was.
    const removed = [...video.querySelectorAll('source, track')];
    this.#restore = {
      parent: video.parentNode,
      next: video.nextSibling,
      controls: video.controls,
      removed,
      hadId,
    };
    for (const node of removed) node.remove();
    video.removeAttribute('src');
    video.controls = false;
    video.playsInline = true;
    video.preload = lc.preload;
    video.loop = lc.loop;

    const root = el('div', 'cutroom-player fluid_video_wrapper', {
      id: `fluid_video_wrapper_${video.id}`,
      role: 'region',
      'aria-label': lc.title ? `Video player: ${lc.title}` : 'Video player',
      tabindex: '0',
    });
    this.element = root;
    if (lc.primaryColor) root.style.setProperty('--cr-primary', lc.primaryColor);
    if (lc.roundedCorners) root.style.borderRadius = `${lc.roundedCorners}px`;
    if (lc.fillToContainer) root.classList.add('cr-fill');
    if (!lc.controlBar.animated) root.classList.add('cr-no-animation');
    if (!lc.fillToContainer) {
      const width = video.getAttribute('width');
      if (width) root.style.width = /^\d+$/.test(width) ? `${width}px` : width;
    }
    video.classList.add('cr-video', 'js-fluid-player');
    video.parentNode?.insertBefore(root, video);
    root.append(video);

    this.#poster = el('div', 'cr-poster fluid_pseudo_poster');
    // The video's own poster attribute stands in when no posterImage is given.
    if (!lc.posterImage && video.getAttribute('poster')) lc.posterImage = video.poster;
    if (lc.posterImage) {
      this.#poster.style.backgroundImage = `url("${lc.posterImage.replace(/"/g, '%22')}")`;
      this.#poster.style.backgroundSize = lc.posterImageSize;
    } else this.#poster.hidden = true;

    this.#subtitles = el('div', 'cr-subtitles', { 'aria-live': 'off' });
    this.#title = el('div', 'cr-title fp_title');
    this.#title.textContent = lc.title ?? '';
    this.#title.hidden = !lc.title;

    this.#pauseBlock = el('div', 'cr-pause-block fluid_html_on_pause_container');
    this.#pauseBlock.hidden = true;
    this.#applyPauseBlock(lc.htmlOnPauseBlock);

    this.#bigPlay = iconButton('cr-big-play fluid_initial_play_button', captions.play, icons.play);
    this.#bigPlay.hidden = !lc.playButtonShowing;

    this.#suggestedGrid = el('div', 'cr-suggested', {
      role: 'group',
      'aria-label': 'Suggested videos',
    });
    this.#suggestedGrid.hidden = true;

    this.#miniClose = iconButton('cr-mini-close', 'Close mini player', icons.close);
    this.#joystick = el('div', 'cr-joystick', { role: 'group', 'aria-label': 'VR controls' });
    this.#joystick.hidden = true;

    this.#logo = this.#buildLogo();

    // Control bar
    this.#controls = el('div', 'cr-controls fluid_controls_container');
    this.#progress = el('div', 'cr-progress fluid_controls_progress_container fluid_slider', {
      role: 'slider',
      tabindex: '0',
      'aria-label': 'Seek',
      'aria-valuemin': '0',
      'aria-valuemax': '0',
      'aria-valuenow': '0',
      'aria-valuetext': '0:00',
    });
    const track = el('div', 'cr-progress-track fluid_controls_progress');
    this.#buffered = el('div', 'cr-buffered fluid_controls_buffered');
    this.#played = el('div', 'cr-played fluid_controls_currentprogress');
    track.append(this.#buffered, this.#played);
    this.#preview = el('div', 'cr-preview fluid_timeline_preview', { 'aria-hidden': 'true' });
    this.#previewTime = el('div', 'cr-preview-time', { 'aria-hidden': 'true' });
    this.#preview.hidden = true;
    this.#previewTime.hidden = true;
    this.#progress.append(track, this.#preview, this.#previewTime);

    const bar = el('div', 'cr-bar');
    this.#playButton = iconButton(
      'cr-play fluid_button fluid_control_playpause',
      captions.play,
      icons.play,
    );
    const back = iconButton(
      'cr-skip-back fluid_button fluid_button_skip_back',
      'Skip back 10 seconds',
      icons.back,
    );
    const forward = iconButton(
      'cr-skip-forward fluid_button fluid_button_skip_forward',
      'Skip forward 10 seconds',
      icons.forward,
    );
    back.hidden = forward.hidden = !lc.controlForwardBackward.show;
    this.#muteButton = iconButton(
      'cr-mute fluid_button fluid_control_mute',
      captions.mute,
      icons.volume,
    );
    this.#volume = el('div', 'cr-volume fluid_control_volume_container fluid_slider', {
      role: 'slider',
      tabindex: '0',
      'aria-label': 'Volume',
      'aria-valuemin': '0',
      'aria-valuemax': '100',
    });
    this.#volumeFill = el('div', 'cr-volume-fill fluid_control_currentvolume');
    this.#volume.append(this.#volumeFill);
    this.#time = el('span', 'cr-time fluid_control_duration');
    this.#live = el('span', 'cr-live fluid_control_live_indicator');
    this.#live.textContent = 'LIVE';
    this.#live.hidden = true;
    const spacer = el('span', 'cr-spacer');
    this.#captionsButton = iconButton(
      'cr-captions fluid_button fluid_control_subtitles fluid_button_subtitles',
      captions.subtitles,
      icons.captions,
    );
    this.#captionsButton.setAttribute('aria-haspopup', 'menu');
    this.#sourceButton = iconButton(
      'cr-source fluid_button fluid_control_video_source fluid_button_video_source',
      'Quality',
      icons.settings,
    );
    this.#sourceButton.setAttribute('aria-haspopup', 'menu');
    this.#speedButton = iconButton(
      'cr-speed fluid_button fluid_control_playback_rate fluid_button_playback_rate',
      'Playback speed',
      icons.speed,
    );
    this.#speedButton.setAttribute('aria-haspopup', 'menu');
    this.#speedButton.hidden = !lc.playbackRateEnabled;
    this.#downloadButton = iconButton(
      'cr-download fluid_button fluid_control_download fluid_button_download',
      'Download',
      icons.download,
    );
    this.#downloadButton.hidden = !lc.allowDownload;
    this.#cardboardButton = iconButton(
      'cr-cardboard fluid_button fluid_control_cardboard fluid_button_cardboard',
      'Cardboard view',
      icons.cardboard,
    );
    this.#cardboardButton.setAttribute('aria-pressed', 'false');
    this.#cardboardButton.hidden = true;
    this.#theatreButton = iconButton(
      'cr-theatre-btn fluid_button fluid_control_theatre fluid_button_theatre',
      'Theatre mode',
      icons.theatre,
    );
    this.#theatreButton.setAttribute('aria-pressed', 'false');
    this.#theatreButton.hidden = !lc.allowTheatre;
    this.#miniButton = iconButton(
      'cr-mini-btn fluid_button fluid_control_mini_player fluid_button_mini_player',
      'Mini player',
      icons.mini,
    );
    this.#miniButton.setAttribute('aria-pressed', 'false');
    this.#miniButton.hidden = !lc.miniPlayer.enabled;
    this.#fullscreenButton = iconButton(
      'cr-fullscreen fluid_button fluid_control_fullscreen fluid_button_fullscreen',
      captions.fullscreen,
      icons.fullscreen,
    );
    bar.append(
      this.#playButton,
      back,
      forward,
      this.#muteButton,
      this.#volume,
      this.#time,
      this.#live,
      spacer,
      this.#captionsButton,
      this.#sourceButton,
      this.#speedButton,
      this.#downloadButton,
      this.#cardboardButton,
      this.#theatreButton,
      this.#miniButton,
      this.#fullscreenButton,
    );
    this.#controls.append(this.#progress, bar);

    this.#menu = new PopupMenu('cr-popup');
    this.#contextMenu = new PopupMenu('cr-context fluid_context_menu');

    root.append(
      this.#poster,
      this.#subtitles,
      this.#title,
      this.#pauseBlock,
      this.#bigPlay,
      this.#suggestedGrid,
      this.#joystick,
      this.#controls,
      this.#menu.element,
      this.#contextMenu.element,
      this.#miniClose,
    );
    if (this.#logo) root.append(this.#logo);

    this.#updateCaptionsButton();
    this.#updateSourceButton();
    this.#bindMedia();
    this.#bindControls(back, forward);
    this.#bindPointer();
    this.#bindKeyboard();
    this.#bindMiniPlayer();
    this.#bindFullscreen();
    this.#applySettings();

    this.#timers.push(setInterval(() => this.#updateBuffered(), BUFFER_POLL_MS));
    this.#timers.push(setInterval(() => this.#pollActivity(), ACTIVITY_POLL_MS));

    this.#updateVolumeUi();
    this.#updateTime();
    this.#updatePlayUi();
    this.#updateSubtitleOffset();

    if (this.#tracks.length > 0 && lc.subtitlesOnByDefault) {
      const preferred = this.#tracks.findIndex((t) => t.default);
      void this.#selectTrack(preferred >= 0 ? preferred : 0);
    }
    if (lc.timelinePreview) void this.#loadPreview();
    if (options.suggestedVideos.configUrl)
      void this.#loadSuggested(options.suggestedVideos.configUrl);
    if (lc.showCardBoardView) void this.#startVr();

    // The content loads at once, in parallel with the ads chunk and the pre-roll's VAST; calls
    // that act on playback wait in #queue until both are in place, and then run in order.
    if (lc.autoPlay) this.#queue?.push(() => this.#play());
    const adsReady = options.vastOptions.adList.length > 0 ? this.#startAds() : null;
    const sourceReady = this.#loadSource(this.#pickInitialSource(), { time: 0, play: false });
    void Promise.all([adsReady, sourceReady]).then(() => this.#flushQueue());

    lc.playerInitCallback?.(this);
  }

  // ---------------------------------------------------------------- public API

  get displayMode(): DisplayMode {
    return this.#modes.mode;
  }

  get qualityLevels(): QualityLevel[] {
    return [...this.#levels];
  }

  hlsInstance(): unknown {
    return this.#engine?.kind === 'hls.js' ? this.#engine.instance : null;
  }

  dashInstance(): unknown {
    return this.#engine?.kind === 'dash.js' ? this.#engine.instance : null;
  }

  play(): void {
    if (this.#queue) this.#queue.push(() => this.#play());
    else this.#play();
  }

  #play(): void {
    this.#wantsPlay = true;
    this.#hideSuggested();
    // The pre-rolls start before the content does; during an ad, play acts on the ad.
    if (this.#ads?.beforePlay()) return;
    const result = this.video.play();
    // Autoplay refusals leave the big play button up; nothing else to do.
    result?.catch?.((error: unknown) => {
      if ((error as Error)?.name !== 'AbortError' && this.#o.debug) logInfo(String(error));
    });
  }

  pause(): void {
    this.#wantsPlay = false;
    if (this.#queue) this.#queue.push(() => this.video.pause());
    else this.video.pause();
  }

  skipTo(seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    if (this.#queue) {
      this.#queue.push(() => this.skipTo(seconds));
      return;
    }
    // Before the metadata the duration is unknown: seek once it is.
    if (this.video.readyState < HTMLMediaElement.HAVE_METADATA) {
      this.video.addEventListener('loadedmetadata', () => this.skipTo(seconds), { once: true });
      return;
    }
    const duration = this.video.duration;
    const max = Number.isFinite(duration) ? duration : seconds;
    this.video.currentTime = Math.max(0, Math.min(max, seconds));
  }

  setPlaybackSpeed(speed: number): void {
    if (!(speed > 0)) return;
    this.video.defaultPlaybackRate = speed;
    this.video.playbackRate = speed;
  }

  setVolume(volume: number): void {
    const v = Math.max(0, Math.min(1, volume));
    this.video.volume = v;
    this.video.muted = v === 0;
  }

  toggleControlBar(show: boolean): void {
    this.#forcedControls = show;
    this.#setControlsVisible(show);
  }

  toggleFullScreen(on?: boolean): void {
    this.#applyTransition(this.#modes.toggle('fullscreen', on));
  }

  toggleMiniPlayer(on?: boolean): void {
    if (!this.#o.layoutControls.miniPlayer.enabled && on !== false) return;
    const transition = this.#modes.toggle('mini', on);
    if (transition && transition.from === 'mini') this.#miniDismissed = true;
    this.#applyTransition(transition);
  }

  toggleTheatre(on?: boolean): void {
    if (!this.#o.layoutControls.allowTheatre && on !== false) return;
    this.#applyTransition(this.#modes.toggle('theatre', on));
  }

  setHtmlOnPauseBlock(block: { html: string; width?: number; height?: number }): void {
    if (!block || typeof block.html !== 'string') {
      logError('htmlOnPauseBlock needs an object with html.');
      return;
    }
    this.#applyPauseBlock({
      html: block.html,
      width: block.width ?? null,
      height: block.height ?? null,
    });
    this.#updatePauseBlock();
  }

  on(event: PlayerEventName, callback: PlayerEventCallback): void {
    if (!(PLAYER_EVENTS as readonly string[]).includes(event)) {
      logError(`Unknown event "${String(event)}": use one of ${PLAYER_EVENTS.join(', ')}.`);
      return;
    }
    if (typeof callback !== 'function') return;
    const list = this.#listeners.get(event) ?? [];
    list.push(callback);
    this.#listeners.set(event, list);
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    if (this.#modes.mode !== 'normal') this.#applyTransition(this.#modes.set('normal'));
    for (const timer of this.#timers) clearInterval(timer);
    clearTimeout(this.#pendingTap);
    for (const cleanup of this.#cleanups) cleanup();
    this.#menu.close(false);
    this.#contextMenu.close(false);
    this.#engine?.destroy();
    this.#engine = null;
    this.#vr?.destroy();
    this.#ads?.destroy();
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    this.video.classList.remove('cr-video', 'js-fluid-player');
    if (!this.#restore.hadId) this.video.removeAttribute('id');
    if (this.video.classList.length === 0) this.video.removeAttribute('class');

    const { parent, next, controls, removed } = this.#restore;
    if (!this.element.isConnected) logError('No wrapper found on destroy.');
    const host = this.element.parentNode ?? parent;
    if (host) {
      const anchor = this.element.isConnected
        ? this.element
        : next?.parentNode === host
          ? next
          : null;
      host.insertBefore(this.video, anchor);
    }
    this.element.remove();
    this.#placeholder?.remove();
    this.video.controls = controls;
    this.video.append(...removed);
    if (removed.some((n) => n.tagName === 'SOURCE') || this.video.getAttribute('src'))
      this.video.load();
    this.#listeners.clear();
    initialized.delete(this.video);
  }

  #flushQueue(): void {
    const queue = this.#queue;
    this.#queue = null;
    if (this.#destroyed || !queue) return;
    for (const call of queue) call();
  }

  // ---------------------------------------------------------------- events

  #emit(event: PlayerEventName, extra: Partial<EventInfo> = {}): void {
    const info: EventInfo = { mediaSourceType: this.#adKind ?? 'source', ...extra };
    const first: PlayerEvent = { ...info, type: event };
    if (extra.isToggledOn !== undefined) first.detail = { isToggledOn: extra.isToggledOn };
    for (const callback of this.#listeners.get(event) ?? []) {
      try {
        if (event === 'timeupdate')
          (callback as (t: number, i: EventInfo) => void)(this.video.currentTime, {
            ...info,
            currentTime: this.video.currentTime,
          });
        else (callback as (e: PlayerEvent, i: EventInfo) => void)(first, info);
      } catch (error) {
        logError(`An "${event}" callback threw: ${String(error)}`);
      }
    }
  }

  #listen<K extends keyof HTMLElementEventMap>(
    target: EventTarget,
    type: K | string,
    handler: (event: HTMLElementEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ): void {
    const listener = handler as EventListener;
    target.addEventListener(type, listener, options);
    this.#cleanups.push(() => target.removeEventListener(type, listener, options));
  }

  #bindMedia(): void {
    const v = this.video;
    for (const name of [
      'play',
      'seeked',
      'ended',
      'pause',
      'playing',
      'waiting',
      'timeupdate',
    ] as const) {
      this.#listen(v, name, () => this.#emit(name));
    }
    this.#listen(v, 'play', () => {
      this.#hasStarted = true;
      this.#poster.hidden = true;
      this.#bigPlay.hidden = true;
      this.#hideSuggested();
      this.#updatePlayUi();
      this.#updatePauseBlock();
    });
    this.#listen(v, 'pause', () => {
      this.#updatePlayUi();
      this.#updatePauseBlock();
      this.#setControlsVisible(true);
    });
    this.#listen(v, 'ended', () => {
      this.#updatePlayUi();
      this.#showSuggested();
    });
    this.#listen(v, 'timeupdate', () => {
      this.#updateTime();
      this.#renderSubtitles();
    });
    this.#listen(v, 'seeked', () => this.#renderSubtitles());
    this.#listen(v, 'durationchange', () => this.#updateTime());
    this.#listen(v, 'loadedmetadata', () => this.#updateTime());
    this.#listen(v, 'volumechange', () => {
      this.#updateVolumeUi();
      if (this.#o.layoutControls.persistentSettings.volume) {
        saveSettings({ volume: v.volume, mute: v.muted });
      }
    });
    this.#listen(v, 'ratechange', () => {
      if (this.#o.layoutControls.persistentSettings.speed && v.playbackRate > 0) {
        saveSettings({ speed: v.playbackRate });
      }
    });
    this.#listen(v, 'error', () => {
      if (this.#engine || !v.error) return;
      this.#nextSource(
        `the browser could not play ${this.#sources[this.#sourceIndex]?.url ?? 'the source'}`,
      );
    });
  }

  #bindControls(back: HTMLButtonElement, forward: HTMLButtonElement): void {
    this.#listen(this.#playButton, 'click', () => this.#togglePlay());
    this.#listen(this.#bigPlay, 'click', () => this.play());
    this.#listen(back, 'click', () => this.#seekBy(-SEEK_STEP));
    this.#listen(forward, 'click', () => this.#seekBy(SEEK_STEP));
    this.#listen(this.#muteButton, 'click', () => this.#toggleMute());
    this.#listen(this.#fullscreenButton, 'click', () => this.toggleFullScreen());
    this.#listen(this.#theatreButton, 'click', () => this.toggleTheatre());
    this.#listen(this.#miniButton, 'click', () => this.toggleMiniPlayer());
    this.#listen(this.#miniClose, 'click', () => this.toggleMiniPlayer(false));
    this.#listen(this.#cardboardButton, 'click', () => this.#toggleCardboard());
    this.#listen(this.#downloadButton, 'click', () => this.#download());
    this.#listen(this.#captionsButton, 'click', () =>
      this.#toggleMenu(this.#captionsButton, this.#o.captions.subtitles, () =>
        this.#subtitleMenu(),
      ),
    );
    this.#listen(this.#sourceButton, 'click', () =>
      this.#toggleMenu(this.#sourceButton, 'Quality', () => this.#sourceMenu()),
    );
    this.#listen(this.#speedButton, 'click', () =>
      this.#toggleMenu(this.#speedButton, 'Playback speed', () => this.#speedMenu()),
    );
    if (this.#logo) {
      this.#logo.hidden = !this.#o.layoutControls.logo.imageUrl;
    }
  }

  #bindPointer(): void {
    const root = this.element;
    // Activity ends a forced state from toggleControlBar and shows the controls again.
    const onActivity = (): void => {
      this.#lastActivity = Date.now();
      this.#forcedControls = null;
      this.#setControlsVisible(true);
    };
    for (const type of ['pointermove', 'pointerdown', 'keydown', 'focusin', 'touchstart']) {
      this.#listen(root, type, onActivity, { passive: true });
    }

    // Click toggles play; a second click or tap within 300 ms skips by half.
    this.#listen(this.video, 'click', (event: MouseEvent) => this.#onSurfaceClick(event));
    this.#listen(this.#poster, 'click', (event: MouseEvent) => this.#onSurfaceClick(event));
    this.#listen(this.#subtitles, 'click', (event: MouseEvent) => this.#onSurfaceClick(event));

    // Progress bar: seek on press and drag, preview on hover.
    let scrubbing = false;
    const timeAt = (clientX: number): number => {
      const rect = this.#progress.getBoundingClientRect();
      const ratio = rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
      const duration = this.video.duration;
      return Number.isFinite(duration) ? Math.max(0, Math.min(1, ratio)) * duration : 0;
    };
    this.#listen(this.#progress, 'pointerdown', (e: PointerEvent) => {
      scrubbing = true;
      this.#progress.setPointerCapture?.(e.pointerId);
      this.skipTo(timeAt(e.clientX));
    });
    this.#listen(this.#progress, 'pointermove', (e: PointerEvent) => {
      if (scrubbing) this.skipTo(timeAt(e.clientX));
      this.#showPreview(e.clientX, timeAt(e.clientX));
    });
    this.#listen(this.#progress, 'pointerup', () => {
      scrubbing = false;
    });
    this.#listen(this.#progress, 'pointerleave', () => {
      this.#preview.hidden = true;
      this.#previewTime.hidden = true;
    });

    let adjustingVolume = false;
    const volumeAt = (clientX: number): void => {
      const rect = this.#volume.getBoundingClientRect();
      if (rect.width > 0) this.setVolume((clientX - rect.left) / rect.width);
    };
    this.#listen(this.#volume, 'pointerdown', (e: PointerEvent) => {
      adjustingVolume = true;
      this.#volume.setPointerCapture?.(e.pointerId);
      volumeAt(e.clientX);
    });
    this.#listen(this.#volume, 'pointermove', (e: PointerEvent) => {
      if (adjustingVolume) volumeAt(e.clientX);
    });
    this.#listen(this.#volume, 'pointerup', () => {
      adjustingVolume = false;
    });

    this.#listen(root, 'contextmenu', (e: MouseEvent) => {
      if (this.#controls.contains(e.target as Node)) return;
      e.preventDefault();
      this.#openContextMenu(e.clientX, e.clientY);
    });
  }

  #onSurfaceClick(event: MouseEvent): void {
    if (this.#pendingTap !== undefined) {
      clearTimeout(this.#pendingTap);
      this.#pendingTap = undefined;
      // Skips are ignored while an ad plays.
      if (this.#adKind || !this.#o.layoutControls.controlForwardBackward.doubleTapMobile) return;
      const rect = this.element.getBoundingClientRect();
      this.#seekBy(event.clientX - rect.left < rect.width / 2 ? -SEEK_STEP : SEEK_STEP);
      return;
    }
    this.#pendingTap = setTimeout(() => {
      this.#pendingTap = undefined;
      this.#togglePlay();
    }, DOUBLE_TAP_MS);
  }

  #bindKeyboard(): void {
    if (!this.#o.layoutControls.keyboardControl) return;
    this.#listen(this.element, 'keydown', (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (this.#menu.element.contains(target) || this.#contextMenu.element.contains(target)) return;
      if (this.#suggestedGrid.contains(target) || this.#joystick.contains(target)) return;
      // Space and Enter on a button press the button.
      const isButton = target.tagName === 'BUTTON' || target.tagName === 'A';
      if (isButton && (event.key === ' ' || event.key === 'Enter')) return;
      if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      // On the volume slider, left and right change the volume like up and down.
      const onVolume = target === this.#volume && /^Arrow(Left|Right)$/.test(event.key);
      const action: KeyAction | null = onVolume
        ? { type: 'volumeBy', delta: event.key === 'ArrowRight' ? 0.05 : -0.05 }
        : mapKey(event);
      if (!action) return;
      event.preventDefault();
      this.#runKeyAction(action);
    });
  }

  #runKeyAction(action: KeyAction): void {
    const v = this.video;
    switch (action.type) {
      case 'togglePlay':
        this.#togglePlay();
        break;
      case 'seekBy':
        this.#seekBy(action.seconds);
        break;
      case 'seekToPercent':
        if (Number.isFinite(v.duration)) this.skipTo((v.duration * action.percent) / 100);
        break;
      case 'seekToStart':
        this.skipTo(0);
        break;
      case 'seekToEnd':
        if (Number.isFinite(v.duration)) this.skipTo(v.duration);
        break;
      case 'volumeBy': {
        const next = stepVolume(v.muted ? 0 : v.volume, action.delta);
        this.setVolume(next);
        break;
      }
      case 'toggleMute':
        this.#toggleMute();
        break;
      case 'toggleFullscreen':
        this.toggleFullScreen();
        break;
      case 'toggleMiniPlayer':
        this.toggleMiniPlayer();
        break;
      case 'subtitleSize':
        this.#setSubtitleSize(stepSubtitleSize(this.#subtitleSize, action.direction));
        break;
    }
  }

  // ---------------------------------------------------------------- playback

  #togglePlay(): void {
    if (this.video.paused || this.video.ended) this.play();
    else this.pause();
  }

  #seekBy(seconds: number): void {
    if (this.#adKind) return;
    this.skipTo(this.video.currentTime + seconds);
  }

  #toggleMute(): void {
    const v = this.video;
    if (v.muted || v.volume === 0) {
      v.muted = false;
      if (v.volume === 0) v.volume = 0.5;
    } else v.muted = true;
  }

  #pickInitialSource(): number {
    const lc = this.#o.layoutControls;
    // The last chosen progressive source is kept by title, like a quality.
    if (lc.persistentSettings.quality && this.#settings.quality) {
      const index = this.#sources.findIndex((s) => s.title === this.#settings.quality);
      if (index >= 0) return index;
    }
    return 0;
  }

  async #loadSource(index: number, resume: { time: number; play: boolean }): Promise<void> {
    const token = ++this.#loadToken;
    const source = this.#sources[index];
    this.#engine?.destroy();
    this.#engine = null;
    this.#levels = [];
    this.#isLive = false;
    this.#updateSourceButton();
    if (!source) {
      if (this.#sources.length > 0) logError('No playable source left.');
      return;
    }
    this.#sourceIndex = index;
    const v = this.video;

    if (isIOS() && /\.mkv$/i.test(source.url.split(/[?#]/)[0] ?? '')) {
      logInfo('.mkv files are not supported by iOS devices.');
      this.#nextSource(null);
      return;
    }

    const restore = (): void => {
      if (token !== this.#loadToken) return;
      if (resume.time > 0) v.currentTime = resume.time;
      if (resume.play) this.play();
    };
    v.addEventListener('loadedmetadata', restore, { once: true });

    const kind = sourceKind(source);
    if (kind === 'file') {
      // Setting src starts loading; a load() after it would restart the request.
      v.src = source.url;
      this.#updateSourceButton();
      return;
    }
    const callbacks: EngineCallbacks = {
      onLevels: (levels) => {
        if (token !== this.#loadToken) return;
        this.#levels = levels;
        const saved = this.#settings.quality;
        if (this.#o.layoutControls.persistentSettings.quality && saved && saved !== 'auto') {
          const level = levels.find((l) => l.title === saved);
          if (level) this.#engine?.setLevel(level.id);
        }
        this.#updateSourceButton();
      },
      onLive: (isLive) => {
        if (token !== this.#loadToken || this.#isLive === isLive) return;
        this.#isLive = isLive;
        this.#updateTime();
      },
      onFatal: (message) => {
        if (token !== this.#loadToken) return;
        logWarn(message);
        this.#nextSource(null);
      },
    };
    // The browser's own HLS where it has one, unless the page configures hls.js (measured:
    // docs/player/performance.md); hls.js otherwise.
    if (kind === 'hls' && (!isMseAvailable() || !this.#hasHlsHooks) && hasNativeHls(v)) {
      const manifest = fetchWithTimeout(source.url, this.#o.vastOptions.vastTimeout).then((r) =>
        r.text(),
      );
      this.#engine = attachNativeHls(v, source.url, manifest, callbacks);
      return;
    }
    const label = kind === 'hls' ? 'HLS.js' : 'DASH.js';
    let engineModule;
    try {
      engineModule = await (kind === 'hls' ? loadHlsEngine() : loadDashEngine());
    } catch (error) {
      logError(`Could not load ${label}: ${String(error)}`);
      this.#nextSource(null);
      return;
    }
    if (token !== this.#loadToken || this.#destroyed) return;
    if (!engineModule.isSupported()) {
      logWarn(`Media type not supported by this browser using ${label}`);
      v.removeEventListener('loadedmetadata', restore);
      this.#nextSource(null);
      return;
    }
    this.#engine = engineModule.attach(v, source.url, this.#o.modules, callbacks);
  }

  #nextSource(reason: string | null): void {
    if (reason) logWarn(reason);
    const next = this.#sourceIndex + 1;
    if (next >= this.#sources.length) {
      this.#engine?.destroy();
      this.#engine = null;
      logError('No playable source left.');
      return;
    }
    // A source that failed before it could start still owes the viewer the play they asked for.
    void this.#loadSource(next, { time: 0, play: !this.video.paused || this.#wantsPlay });
  }

  /** Source switch (spec §4): pause, load, restore the time, resume if it was playing. */
  #switchSource(index: number): void {
    const v = this.video;
    const resume = { time: v.currentTime, play: !v.paused && !v.ended };
    v.pause();
    const rate = v.playbackRate;
    void this.#loadSource(index, resume).then(() => this.setPlaybackSpeed(rate));
    if (this.#o.layoutControls.persistentSettings.quality) {
      saveSettings({ quality: this.#sources[index]?.title ?? '' });
    }
  }

  #selectLevel(id: number): void {
    this.#engine?.setLevel(id);
    if (this.#o.layoutControls.persistentSettings.quality) {
      saveSettings({
        quality: id < 0 ? 'auto' : (this.#levels.find((l) => l.id === id)?.title ?? 'auto'),
      });
    }
    this.#updateSourceButton();
  }

  #download(): void {
    const source = this.#sources[this.#sourceIndex];
    if (!source) return;
    const link = el('a', '', { href: source.url, download: fileName(source.url) });
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  }

  #applySettings(): void {
    const lc = this.#o.layoutControls;
    const s = this.#settings;
    const p = lc.persistentSettings;
    if (p.volume && s.volume !== undefined) this.video.volume = s.volume;
    if (p.volume && s.mute !== undefined) this.video.muted = s.mute;
    if (lc.mute) this.video.muted = true;
    if (p.speed && s.speed !== undefined) this.setPlaybackSpeed(s.speed);
    if (p.theatre && s.theatre && lc.allowTheatre) this.toggleTheatre(true);
  }

  // ---------------------------------------------------------------- UI updates

  #updatePlayUi(): void {
    const playing = !this.video.paused && !this.video.ended;
    const captions = this.#o.captions;
    setLabel(this.#playButton, playing ? captions.pause : captions.play);
    this.#playButton.innerHTML = playing ? icons.pause : icons.play;
    this.#playButton.classList.toggle('fluid_button_play', !playing);
    this.#playButton.classList.toggle('fluid_button_pause', playing);
    this.element.classList.toggle('cr-playing', playing);
  }

  #updateVolumeUi(): void {
    const v = this.video;
    const muted = v.muted || v.volume === 0;
    setLabel(this.#muteButton, muted ? this.#o.captions.unmute : this.#o.captions.mute);
    this.#muteButton.innerHTML = muted ? icons.muted : icons.volume;
    this.#muteButton.classList.toggle('fluid_button_volume', !muted);
    this.#muteButton.classList.toggle('fluid_button_mute', muted);
    const level = muted ? 0 : Math.round(v.volume * 100);
    this.#volumeFill.style.width = `${level}%`;
    this.#volume.setAttribute('aria-valuenow', String(level));
    this.#volume.setAttribute('aria-valuetext', `${level}%`);
  }

  #updateTime(): void {
    const { currentTime, duration } = this.video;
    const isLive = this.#isLive || duration === Infinity;
    this.#live.hidden = !isLive;
    this.element.classList.toggle('cr-is-live', isLive);
    const known = !isLive && Number.isFinite(duration) && duration > 0;
    this.#time.textContent = isLive
      ? formatTime(currentTime)
      : `${formatTime(currentTime)} / ${formatTime(known ? duration : 0)}`;
    this.#played.style.width = known ? `${(currentTime / duration) * 100}%` : '0%';
    this.#progress.setAttribute('aria-valuemax', String(known ? Math.round(duration) : 0));
    this.#progress.setAttribute('aria-valuenow', String(Math.round(currentTime)));
    this.#progress.setAttribute(
      'aria-valuetext',
      `${formatTime(currentTime)} of ${formatTime(known ? duration : 0)}`,
    );
  }

  #updateBuffered(): void {
    const { buffered, duration, currentTime } = this.video;
    if (!Number.isFinite(duration) || duration <= 0) return;
    let end = 0;
    for (let i = 0; i < buffered.length; i++) {
      if (buffered.start(i) <= currentTime + 0.5) end = Math.max(end, buffered.end(i));
    }
    this.#buffered.style.width = `${(end / duration) * 100}%`;
  }

  #setControlsVisible(visible: boolean): void {
    const hidden = !visible;
    if (this.element.classList.contains('cr-inactive') === hidden) return;
    this.element.classList.toggle('cr-inactive', hidden);
    this.#updateSubtitleOffset();
  }

  #pollActivity(): void {
    if (this.#forcedControls !== null) return;
    const cb = this.#o.layoutControls.controlBar;
    const playing = !this.video.paused && !this.video.ended;
    const idle = Date.now() - this.#lastActivity >= cb.autoHideTimeout * 1000;
    const busy = this.#menu.isOpen || this.#contextMenu.isOpen || this.#controls.matches(':hover');
    this.#setControlsVisible(!(cb.autoHide && playing && idle && !busy));
  }

  #updateSubtitleOffset(): void {
    const shown = !this.element.classList.contains('cr-inactive');
    this.#subtitles.style.bottom = `${shown ? SUBTITLE_OFFSET_SHOWN : SUBTITLE_OFFSET_HIDDEN}px`;
  }

  #applyPauseBlock(block: {
    html: string | null;
    width: number | null;
    height: number | null;
  }): void {
    this.#pauseBlock.innerHTML = block.html ?? '';
    this.#pauseBlock.style.width = block.width ? `${block.width}px` : '';
    this.#pauseBlock.style.height = block.height ? `${block.height}px` : '';
    this.#pauseBlock.dataset.hasContent = block.html ? 'true' : 'false';
  }

  #updatePauseBlock(): void {
    const show =
      this.#pauseBlock.dataset.hasContent === 'true' &&
      this.#hasStarted &&
      this.video.paused &&
      !this.video.ended;
    this.#pauseBlock.hidden = !show;
  }

  #buildLogo(): HTMLElement | null {
    const logo = this.#o.layoutControls.logo;
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
      this.#listen(wrap, 'mouseenter', () => (img.src = over));
      this.#listen(wrap, 'mouseleave', () => (img.src = normal));
    }
    return wrap;
  }

  // ---------------------------------------------------------------- menus

  #toggleMenu(button: HTMLElement, label: string, items: () => MenuItem[]): void {
    if (this.#menu.isOpen && this.#menu.opener === button) {
      this.#menu.close();
      return;
    }
    this.#menu.close(false);
    this.#menu.open(button, label, items());
  }

  #subtitleMenu(): MenuItem[] {
    return [
      { label: 'Off', checked: this.#trackIndex < 0, onSelect: () => void this.#selectTrack(-1) },
      ...this.#tracks.map((track, index) => ({
        label: track.label,
        checked: this.#trackIndex === index,
        onSelect: () => void this.#selectTrack(index),
      })),
      {
        label: `Font Size: ${this.#subtitleSize}%`,
        submenuTitle: 'Font Size',
        submenu: () =>
          [50, 75, 100, 150, 200].map((size) => ({
            label: `${size}%`,
            checked: this.#subtitleSize === size,
            onSelect: () => this.#setSubtitleSize(size),
          })),
      },
    ];
  }

  #sourceMenu(): MenuItem[] {
    if (this.#levels.length > 2) {
      const selected = this.#engine?.selectedLevel() ?? -1;
      return [
        { label: 'auto', checked: selected < 0, onSelect: () => this.#selectLevel(-1) },
        ...[...this.#levels]
          .sort((a, b) => b.bitrate - a.bitrate)
          .map((level) => ({
            label: level.title,
            checked: selected === level.id,
            badge: level.isHD ? 'HD' : undefined,
            onSelect: () => this.#selectLevel(level.id),
          })),
      ];
    }
    return this.#sources.map((source, index) => ({
      label: source.title,
      checked: this.#sourceIndex === index,
      badge: source.isHD ? 'HD' : undefined,
      onSelect: () => {
        if (index !== this.#sourceIndex) this.#switchSource(index);
      },
    }));
  }

  #speedMenu(): MenuItem[] {
    return this.#o.layoutControls.controlBar.playbackRates.map((label) => {
      const rate = parseRate(label);
      return {
        label: label.startsWith('x') ? label : `x${label}`,
        checked: Math.abs(this.video.playbackRate - rate) < 0.001,
        onSelect: () => this.setPlaybackSpeed(rate),
      };
    });
  }

  #updateSourceButton(): void {
    this.#sourceButton.hidden = !(this.#levels.length > 2 || this.#sources.length > 1);
  }

  #updateCaptionsButton(): void {
    this.#captionsButton.hidden = this.#tracks.length === 0;
    this.#captionsButton.setAttribute('aria-pressed', String(this.#trackIndex >= 0));
  }

  #openContextMenu(x: number, y: number): void {
    const v = this.video;
    const c = this.#o.captions;
    const cm = this.#o.layoutControls.contextMenu;
    const items: MenuItem[] = [];
    if (cm.controls) {
      items.push(
        { label: v.paused ? c.play : c.pause, onSelect: () => this.#togglePlay() },
        { label: v.muted ? c.unmute : c.mute, onSelect: () => this.#toggleMute() },
        {
          label: this.#modes.mode === 'fullscreen' ? c.exitFullscreen : c.fullscreen,
          onSelect: () => this.toggleFullScreen(),
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
    const rect = this.element.getBoundingClientRect();
    const menu = this.#contextMenu.element;
    menu.style.left = `${Math.max(0, x - rect.left)}px`;
    menu.style.top = `${Math.max(0, y - rect.top)}px`;
    this.#contextMenu.open(this.element, 'Player menu', items);
  }

  // ---------------------------------------------------------------- subtitles

  async #selectTrack(index: number): Promise<void> {
    this.#trackIndex = index;
    this.#cues = [];
    this.#updateCaptionsButton();
    this.#renderSubtitles();
    const track = this.#tracks[index];
    if (!track) return;
    try {
      const response = await fetchWithTimeout(track.url, this.#o.vastOptions.vastTimeout);
      const cues = parseVtt(await response.text());
      if (this.#trackIndex === index) {
        this.#cues = cues;
        this.#renderSubtitles();
      }
    } catch (error) {
      logError(`Could not load subtitles "${track.label}": ${String(error)}`);
    }
  }

  #renderSubtitles(): void {
    const cues = this.#trackIndex >= 0 ? activeCues(this.#cues, this.video.currentTime) : [];
    const text = cues.map((cue) => cue.text.replace(/<[^>]*>/g, '')).join('\n');
    if (this.#subtitles.dataset.text === text) return;
    this.#subtitles.dataset.text = text;
    this.#subtitles.replaceChildren(
      ...text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const span = el('span', 'cr-subtitle-line');
          span.textContent = line;
          return span;
        }),
    );
  }

  #setSubtitleSize(size: number): void {
    this.#subtitleSize = size;
    this.#subtitles.style.fontSize = `${(SUBTITLE_BASE_PX * size) / 100}px`;
    this.#subtitles.dataset.size = String(size);
  }

  // ---------------------------------------------------------------- timeline preview

  async #loadPreview(): Promise<void> {
    const tp = this.#o.layoutControls.timelinePreview;
    if (!tp) return;
    if (tp.type === 'static') {
      this.#previewCues = (tp.frames ?? [])
        .map((f) => ({ x: 0, y: 0, w: 122.5, h: 69, ...f }))
        .sort((a, b) => a.startTime - b.startTime);
      return;
    }
    try {
      const url = new URL(tp.file ?? '', document.baseURI).href;
      const response = await fetchWithTimeout(url, this.#o.vastOptions.vastTimeout);
      const base = tp.spriteRelativePath === false ? document.baseURI : url;
      this.#previewCues = parsePreviewVtt(await response.text(), base, tp.spriteImage);
    } catch (error) {
      logError(`Could not load the timeline preview: ${String(error)}`);
    }
  }

  #showPreview(clientX: number, time: number): void {
    const rect = this.#progress.getBoundingClientRect();
    const x = clientX - rect.left;
    this.#previewTime.textContent = formatTime(time);
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

  // ---------------------------------------------------------------- suggested videos

  async #loadSuggested(configUrl: string): Promise<void> {
    const warn = (): void => logWarn('given suggested videos config url is invalid or not found');
    let url: string;
    try {
      url = new URL(configUrl, document.baseURI).href;
    } catch {
      warn();
      return;
    }
    try {
      const response = await fetchWithTimeout(url, SUGGESTED_TIMEOUT_MS);
      const list = parseSuggestedVideos(await response.json(), url);
      if (list.length === 0) throw new Error('empty');
      this.#suggested = list;
    } catch {
      warn();
    }
  }

  #showSuggested(): void {
    if (this.#suggested.length === 0) return;
    const tiles = this.#suggested.slice(0, SUGGESTED_TILES).map((item) => {
      const tile = el('button', 'cr-tile', { type: 'button', 'aria-label': `Play ${item.title}` });
      const img = el('img', 'cr-tile-img', { src: item.thumbnailUrl, alt: '' });
      img.loading = 'lazy';
      const title = el('span', 'cr-tile-title');
      title.textContent = item.title;
      tile.append(img, title);
      tile.addEventListener('click', () => this.#playSuggested(item));
      return tile;
    });
    this.#suggestedGrid.replaceChildren(...tiles);
    this.#suggestedGrid.hidden = false;
    this.#controls.classList.add('cr-under-suggested');
  }

  #hideSuggested(): void {
    this.#suggestedGrid.hidden = true;
    this.#controls.classList.remove('cr-under-suggested');
  }

  #playSuggested(item: SuggestedVideo): void {
    this.#hideSuggested();
    this.#sources = item.sources.map((s) => ({
      url: s.url,
      type: s.mimeType ?? '',
      title: s.resolution ?? fileName(s.url),
      isHD: s.hd ?? false,
    }));
    this.#tracks = item.subtitles.map((s) => ({ ...s, default: s.default ?? false }));
    this.#title.textContent = item.title;
    this.#title.hidden = !item.title;
    const preferred = this.#tracks.findIndex((t) => t.default);
    void this.#selectTrack(
      this.#tracks.length && this.#o.layoutControls.subtitlesOnByDefault
        ? Math.max(0, preferred)
        : -1,
    );
    if (item.configUrl) void this.#loadSuggested(item.configUrl);
    void this.#loadSource(0, { time: 0, play: true });
  }

  // ---------------------------------------------------------------- display modes

  #applyTransition(transition: ModeTransition | null): void {
    if (!transition) return;
    this.#menu.close(false);
    this.#exitMode(transition.from);
    this.#enterMode(transition.to);
    this.element.dataset.mode = transition.to;
    for (const listener of this.#modeListeners) listener(transition.from, transition.to);
  }

  #exitMode(mode: DisplayMode): void {
    switch (mode) {
      case 'fullscreen':
        setLabel(this.#fullscreenButton, this.#o.captions.fullscreen);
        this.#fullscreenButton.innerHTML = icons.fullscreen;
        this.#fullscreenButton.classList.replace(
          'fluid_button_fullscreen_exit',
          'fluid_button_fullscreen',
        );
        if (document.fullscreenElement === this.element)
          void document.exitFullscreen().catch(() => {});
        break;
      case 'theatre':
        this.#setTheatre(false);
        break;
      case 'mini':
        this.#setMini(false);
        break;
      case 'normal':
        break;
    }
  }

  #enterMode(mode: DisplayMode): void {
    switch (mode) {
      case 'fullscreen':
        setLabel(this.#fullscreenButton, this.#o.captions.exitFullscreen);
        this.#fullscreenButton.innerHTML = icons.exitFullscreen;
        this.#fullscreenButton.classList.replace(
          'fluid_button_fullscreen',
          'fluid_button_fullscreen_exit',
        );
        if (document.fullscreenElement !== this.element) {
          const request = this.element.requestFullscreen?.();
          // Browsers refuse fullscreen without a user gesture: go back to normal.
          request?.catch(() => {
            if (this.#modes.mode === 'fullscreen') this.#applyTransition(this.#modes.set('normal'));
          });
        }
        break;
      case 'theatre':
        this.#setTheatre(true);
        break;
      case 'mini':
        this.#setMini(true);
        break;
      case 'normal':
        break;
    }
  }

  #bindFullscreen(): void {
    this.#listen(document, 'fullscreenchange', () => {
      const isOurs = document.fullscreenElement === this.element;
      if (isOurs && this.#modes.mode !== 'fullscreen')
        this.#applyTransition(this.#modes.set('fullscreen'));
      if (!isOurs && this.#modes.mode === 'fullscreen')
        this.#applyTransition(this.#modes.set('normal'));
    });
  }

  #setTheatre(on: boolean): void {
    const lc = this.#o.layoutControls;
    const root = this.element;
    this.#theatreButton.setAttribute('aria-pressed', String(on));
    const advanced = lc.theatreAdvanced;
    let handled = false;
    if (advanced.theatreElement) {
      const target = document.getElementById(advanced.theatreElement);
      if (target && advanced.classToApply) {
        target.classList.toggle(advanced.classToApply, on);
        handled = true;
      } else if (on) {
        logError(
          `Theatre element "${advanced.theatreElement}" not found: using the default theatre.`,
        );
      }
    }
    if (!handled) {
      const t = lc.theatreSettings;
      root.classList.toggle('cr-theatre', on);
      root.classList.toggle('fluid_theatre_mode', on);
      root.style.setProperty('--cr-theatre-width', on ? t.width : '');
      // A percentage height means a share of the viewport: the page's height is rarely set.
      const height = t.height.endsWith('%') ? t.height.replace('%', 'vh') : t.height;
      root.style.setProperty('--cr-theatre-height', on ? height : '');
      root.style.setProperty('--cr-theatre-margin-top', on ? `${t.marginTop}px` : '');
      root.dataset.align = t.horizontalAlign;
    }
    if (lc.persistentSettings.theatre && !this.#destroyed) saveSettings({ theatre: on });
    this.#emit(on ? 'theatreModeOn' : 'theatreModeOff');
  }

  #bindMiniPlayer(): void {
    const mp = this.#o.layoutControls.miniPlayer;
    if (!mp.enabled) return;
    if (mp.autoToggle) {
      const check = throttle(() => this.#autoToggleMini(), SCROLL_THROTTLE_MS);
      this.#listen(window, 'scroll', check, { passive: true });
    }
    // Swipe to close on small screens: moves after 5 px, closes beyond 50 px.
    let startX: number | null = null;
    let dx = 0;
    this.#listen(
      this.element,
      'touchstart',
      (e: TouchEvent) => {
        if (this.#modes.mode !== 'mini' || window.innerWidth >= MOBILE_BREAKPOINT) return;
        startX = e.touches[0]?.clientX ?? null;
        dx = 0;
      },
      { passive: true },
    );
    this.#listen(
      this.element,
      'touchmove',
      (e: TouchEvent) => {
        if (startX === null) return;
        dx = (e.touches[0]?.clientX ?? startX) - startX;
        if (Math.abs(dx) > SWIPE_THRESHOLD) this.element.style.transform = `translateX(${dx}px)`;
      },
      { passive: true },
    );
    this.#listen(this.element, 'touchend', () => {
      if (startX === null) return;
      startX = null;
      this.element.style.transform = '';
      if (Math.abs(dx) > SWIPE_LIMIT) {
        this.pause();
        this.toggleMiniPlayer(false);
      }
    });
  }

  #autoToggleMini(): void {
    const mode = this.#modes.mode;
    const visible = (node: Element): number => {
      const r = node.getBoundingClientRect();
      const h = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
      return r.height > 0 ? Math.max(0, h) / r.height : 0;
    };
    if (mode === 'mini' && this.#placeholder) {
      if (visible(this.#placeholder) >= 0.5) this.toggleMiniPlayer(false);
      return;
    }
    if (mode !== 'normal') return;
    const ratio = visible(this.element);
    if (ratio >= 0.5) {
      this.#miniDismissed = false;
      return;
    }
    if (!this.#miniDismissed && !this.video.paused && !this.video.ended) {
      this.#applyTransition(this.#modes.toggle('mini', true));
    }
  }

  #setMini(on: boolean): void {
    const mp = this.#o.layoutControls.miniPlayer;
    const root = this.element;
    this.#miniButton.setAttribute('aria-pressed', String(on));
    if (on) {
      const rect = root.getBoundingClientRect();
      const placeholder = el('div', 'cr-mini-placeholder');
      placeholder.style.width = `${rect.width}px`;
      placeholder.style.height = `${rect.height}px`;
      placeholder.textContent = mp.placeholderText;
      root.parentNode?.insertBefore(placeholder, root);
      this.#placeholder = placeholder;
      root.classList.add('cr-mini', `cr-mini-${mp.position.replace(' ', '-')}`);
      const isMobile = window.innerWidth < MOBILE_BREAKPOINT;
      root.style.setProperty('--cr-mini-width', isMobile ? `${mp.widthMobile}vw` : `${mp.width}px`);
      root.style.setProperty(
        '--cr-mini-height',
        isMobile ? `calc(${mp.widthMobile}vw * 9 / 16)` : `${mp.height}px`,
      );
    } else {
      root.classList.remove('cr-mini', `cr-mini-${mp.position.replace(' ', '-')}`);
      this.#placeholder?.remove();
      this.#placeholder = null;
    }
    this.#emit('miniPlayerToggle', { isToggledOn: on });
  }

  // ---------------------------------------------------------------- VR

  async #startVr(): Promise<void> {
    const lc = this.#o.layoutControls;
    try {
      const module = await loadVrEngine();
      if (this.#destroyed) return;
      this.#vr = module.create(this.video, this.element);
      this.element.classList.add('cr-vr');
      this.#cardboardButton.hidden = false;
      if (lc.showCardBoardJoystick) this.#buildJoystick();
    } catch (error) {
      logError(`The 360° view could not start: ${String(error)}`);
    }
  }

  #toggleCardboard(): void {
    this.#isCardboard = !this.#isCardboard;
    this.#vr?.setCardboard(this.#isCardboard);
    this.#cardboardButton.setAttribute('aria-pressed', String(this.#isCardboard));
  }

  #buildJoystick(): void {
    const make = (label: string, icon: string, run: () => void): HTMLButtonElement => {
      const b = iconButton('cr-joy', label, icon);
      b.addEventListener('click', run);
      return b;
    };
    this.#joystick.replaceChildren(
      make('Look up', icons.up, () => this.#vr?.rotate(0, 1)),
      make('Look left', icons.left, () => this.#vr?.rotate(-1, 0)),
      make('Look right', icons.right, () => this.#vr?.rotate(1, 0)),
      make('Look down', icons.down, () => this.#vr?.rotate(0, -1)),
      make('Zoom in', icons.zoomIn, () => this.#vr?.zoom(0.9)),
      make('Zoom out', icons.zoomOut, () => this.#vr?.zoom(1.1)),
    );
    this.#joystick.hidden = false;
  }

  // ---------------------------------------------------------------- ads seam

  async #startAds(): Promise<void> {
    // The pre-rolls' VAST requests start now, while the ads chunk is still loading.
    const prefetched = new Map<string, Promise<string>>();
    for (const entry of this.#o.vastOptions.adList) {
      if (entry?.roll !== 'preRoll' || typeof entry.vastTag !== 'string') continue;
      try {
        const url = new URL(entry.vastTag, document.baseURI).href;
        const text = fetch(url, { credentials: 'omit' }).then((r) =>
          r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)),
        );
        text.catch(() => {});
        prefetched.set(url, text);
      } catch {
        // An invalid tag is reported by the ads module.
      }
    }
    try {
      const module = await loadAdsEngine();
      if (this.#destroyed) return;
      this.#ads = module.attach({
        video: this.video,
        container: this.element,
        options: this.#o.vastOptions,
        setAdPlaying: (kind) => {
          this.#adKind = kind;
          this.element.classList.toggle('cr-ad-playing', kind !== null);
        },
        onModeChange: (listener) => {
          this.#modeListeners.add(listener);
          return () => this.#modeListeners.delete(listener);
        },
        prefetched,
      });
      await this.#ads.beforeContent();
    } catch (error) {
      logError(`Ads could not start: ${String(error)}`);
    }
  }
}

function isMseAvailable(): boolean {
  return (
    typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window)
  );
}
