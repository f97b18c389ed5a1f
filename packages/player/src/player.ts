// The player's public API: a thin facade over its controllers (controllers/): playback,
// controls and menus, keyboard, saved settings, subtitles, ads, suggested videos, display
// modes (theatre, mini player, fullscreen) and the 360° view. The facade builds the root
// element, wires the controllers to each other (calls one way, the context's events the other)
// and gives the video element back on destroy().
import { AdsController } from './controllers/ads-controller.ts';
import { ChaptersController } from './controllers/chapters-controller.ts';
import { createContext } from './controllers/context.ts';
import type { PlayerContext } from './controllers/context.ts';
import { ControlsController } from './controllers/controls-controller.ts';
import { DisplayModesController } from './controllers/display-modes-controller.ts';
import { KeyboardController } from './controllers/keyboard-controller.ts';
import { PersistenceController } from './controllers/persistence-controller.ts';
import type { PipController } from './controllers/pip-controller.ts';
import { PlaybackController, fileName } from './controllers/playback-controller.ts';
import { SubtitlesController } from './controllers/subtitles-controller.ts';
import { SuggestedController } from './controllers/suggested-controller.ts';
import { VrController } from './controllers/vr-controller.ts';
import { createPoster } from './controls/poster.ts';
import { el } from './dom.ts';
import { loadExtras } from './lazy-load.ts';
import type { QualityLevel } from './engine-types.ts';
import { logError } from './log.ts';
import type { DisplayMode } from './modes.ts';
import { resolveOptions } from './options.ts';
import type { PlayerOptions, ResolvedOptions } from './options.ts';
import { PLAYER_EVENTS } from './player-types.ts';
import type {
  EventInfo,
  Player,
  PlayerChapter,
  PlayerEvent,
  PlayerEventCallback,
  PlayerEventName,
  SubtitleTrack,
} from './player-types.ts';

export { PLAYER_EVENTS } from './player-types.ts';
export type {
  EventInfo,
  Player,
  PlayerChapter,
  PlayerEvent,
  PlayerEventCallback,
  PlayerEventName,
  SubtitleTrack,
  VideoSource,
} from './player-types.ts';

/** The parts of the player built after the content's request has left. */
interface Parts {
  controls: ControlsController;
  subtitles: SubtitlesController;
  chapters: ChaptersController;
  /** Picture-in-picture, once the extras chunk is in (see #loadExtras). */
  pip: Promise<PipController | null>;
}

const initialized = new WeakMap<HTMLVideoElement, Player>();
let instances = 0;

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
  readonly #ctx: PlayerContext & { destroy(): void };
  readonly #listeners = new Map<PlayerEventName, PlayerEventCallback[]>();
  readonly #restore: {
    parent: ParentNode | null;
    next: Node | null;
    controls: boolean;
    removed: Element[];
    hadId: boolean;
  };
  readonly #playback: PlaybackController;
  readonly #modes: DisplayModesController;
  readonly #ads: AdsController;
  readonly #persistence: PersistenceController;
  readonly #tracks: SubtitleTrack[];
  /** The controls and the rest, built after the content's request has left (#build). */
  #parts: Parts | null = null;
  /** Chapters set before the parts were built. */
  #chapters: readonly PlayerChapter[] = [];
  readonly #poster: HTMLElement;
  readonly #settled: Promise<void>;
  #resolveSettled: (() => void) | null = null;

  constructor(video: HTMLVideoElement, options: ResolvedOptions, hasHlsHooks = false) {
    this.video = video;
    const lc = options.layoutControls;
    this.#tracks = lc.subtitlesEnabled ? readTracks(video) : [];

    // Pages written for Fluid Player find the player by these ids and classes
    // (docs/player/compatibility.md); a video without an id gets one, as there.
    const hadId = video.hasAttribute('id');
    if (!video.id) video.id = `fluid_player_instance_${instances++}`;
    const root = el('div', 'cutroom-player fluid_video_wrapper', {
      id: `fluid_video_wrapper_${video.id}`,
      role: 'region',
      'aria-label':
        (lc.label ?? lc.title) ? `Video player: ${lc.label ?? lc.title}` : 'Video player',
      tabindex: '0',
    });
    this.element = root;
    const ctx = createContext({
      video,
      root,
      options,
      emit: (event, extra) => this.#emit(event, extra),
    });
    this.#ctx = ctx;
    // The pre-rolls' VAST (and the first pre-roll's media file) start loading before anything
    // else is built.
    this.#ads = new AdsController(ctx, (listener) => ctx.on('modeChange', listener));
    // The sources are read before the video element is emptied.
    this.#modes = new DisplayModesController(ctx);
    const persistence = new PersistenceController(ctx);
    this.#persistence = persistence;
    this.#playback = new PlaybackController(ctx, persistence, hasHlsHooks);
    this.#playback.takesPlay = () => this.#ads.takesPlay();
    this.#playback.onQueuedPlay = () => this.#ads.playRequested();

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
    // The preload setting is for the time before play: once playing, a quality or source switch
    // loads at once (under 'none' the browser would wait for another play to load it).
    if (lc.preload !== 'auto') {
      ctx.listen(video, 'play', () => (video.preload = 'auto'), { once: true });
    }
    video.loop = lc.loop;

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
    // The poster shows from the start; the rest of the layers come with #build.
    this.#poster = createPoster(ctx);
    root.append(video, this.#poster);

    // The content starts loading before the rest is built, so that its first frame shows even
    // while a slow VAST loads; while the core starts the first pre-roll, it waits for the ad's
    // first frame (at most 400 ms), so that the two do not compete. Calls that act on playback
    // wait in a queue until the source and the ads are in place.
    const gate = this.#ads.contentGate;
    const content = gate
      ? gate.then(() => (ctx.isDestroyed ? undefined : this.#playback.start()))
      : this.#playback.start();
    // They also wait for the saved settings (#settle).
    this.#settled = new Promise((resolve) => (this.#resolveSettled = resolve));
    void Promise.all([this.#ads.ready, content, this.#settled]).then(() => this.#playback.flush());

    for (const name of [
      'play',
      'seeked',
      'ended',
      'pause',
      'playing',
      'waiting',
      'timeupdate',
    ] as const) {
      ctx.listen(video, name, () => this.#emit(name));
    }

    this.#modes.isAway = () => this.isPictureInPicture;

    // Queued like any call made before the player is ready (the first pre-roll may start now).
    if (lc.autoPlay) this.#playback.play();

    // The rest (controls, subtitles, chapters, keys, saved settings) comes after the content's
    // request has left: the browser starts the media's load only once the script that set its
    // source has finished, and after a first render that the controls made longer; built
    // while the media's first frame was on its way, they delayed it too
    // (docs/player/performance.md). The saved settings are applied in the next task (queued
    // calls wait for them), the parts are built once the content's first frame is presented,
    // the viewer points at or focuses the player, or 400 ms pass. With ads, or where no frame
    // comes before a play (preload), they are built in that next task. A method that needs
    // them builds them at once.
    const waitsForFrame =
      lc.preload === 'auto' &&
      options.vastOptions.adList.length === 0 &&
      typeof video.requestVideoFrameCallback === 'function';
    const next = setTimeout(() => {
      this.#settle();
      if (!waitsForFrame && !ctx.isDestroyed) this.#build();
    }, 0);
    ctx.onDestroy(() => clearTimeout(next));
    if (waitsForFrame) {
      const build = (): void => void (ctx.isDestroyed || this.#build());
      video.requestVideoFrameCallback(build);
      const latest = setTimeout(build, 400);
      ctx.onDestroy(() => clearTimeout(latest));
      for (const type of ['pointerover', 'focusin']) ctx.listen(root, type, build);
    }
  }

  /** Applies the saved settings (volume, mute, speed, theatre), once. */
  #settle(): void {
    const resolve = this.#resolveSettled;
    if (!resolve || this.#ctx.isDestroyed) return;
    this.#resolveSettled = null;
    this.#persistence.apply({
      setPlaybackSpeed: (rate) => this.#playback.setPlaybackSpeed(rate),
      toggleTheatre: (on) => this.#modes.toggleTheatre(on),
    });
    resolve();
  }

  /** Builds the parts left out of the constructor, once (at once when a method needs them). */
  #build(): Parts {
    if (this.#parts) return this.#parts;
    this.#settle();
    const ctx = this.#ctx;
    const lc = ctx.options.layoutControls;
    const subtitles = new SubtitlesController(ctx);
    const suggested = new SuggestedController(ctx);
    const vr = new VrController(ctx);
    const ads = this.#ads;
    const controls = new ControlsController(
      ctx,
      {
        playback: this.#playback,
        modes: this.#modes,
        subtitles,
        toggleCardboard: () => vr.toggleCardboard(),
        seekBy: (seconds) => this.#seekBy(seconds),
        get isAdPlaying() {
          return ads.playing !== null;
        },
      },
      {
        poster: this.#poster,
        subtitles: subtitles.element,
        suggested: suggested.element,
        joystick: vr.joystick,
      },
    );
    this.#playback.onPlay = () => suggested.hide();
    suggested.onPlay = (item) => {
      controls.setTitle(item.title);
      subtitles.setTracks(
        item.subtitles.map((s) => ({ ...s, default: s.default ?? false })),
        lc.subtitlesOnByDefault,
      );
      this.#playback.replaceSources(
        item.sources.map((s) => ({
          url: s.url,
          type: s.mimeType ?? '',
          title: s.resolution ?? fileName(s.url),
          isHD: s.hd ?? false,
        })),
      );
    };
    const chapters = new ChaptersController(ctx);
    chapters.setChapters(this.#chapters);
    const parts: Parts = { controls, subtitles, chapters, pip: Promise.resolve(null) };
    this.#parts = parts;
    parts.pip = this.#loadExtras(controls, this.#persistence.saved.pictureInPicture === true);
    new KeyboardController(ctx, {
      togglePlay: () => this.#playback.togglePlay(),
      seekBy: (seconds) => this.#seekBy(seconds),
      skipTo: (seconds) => this.skipTo(seconds),
      setVolume: (volume) => this.setVolume(volume),
      toggleMute: () => this.#playback.toggleMute(),
      toggleFullScreen: () => this.toggleFullScreen(),
      toggleMiniPlayer: () => this.toggleMiniPlayer(),
      togglePictureInPicture: () => void this.togglePictureInPicture(),
      get subtitleSize() {
        return subtitles.size;
      },
      setSubtitleSize: (size) => subtitles.setSize(size),
      ownsKeys: (target) => controls.ownsKeys(target),
      volumeSlider: controls.volume,
    });
    controls.refresh();
    this.#revealControlsAfterFirstFrame();
    subtitles.setTracks(this.#tracks, lc.subtitlesOnByDefault);
    lc.playerInitCallback?.(this);
    return parts;
  }

  /** The control bar is left out of rendering until the content's first frame, the viewer
   * pointing at or focusing the player, or 400 ms: its first render came before the content's
   * request (docs/player/performance.md). */
  #revealControlsAfterFirstFrame(): void {
    const { root, video } = this.#ctx;
    // Built after the first frame came (a busy page), the bar shows at once.
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return;
    root.classList.add('cr-starting');
    const reveal = (): void => root.classList.remove('cr-starting');
    setTimeout(reveal, 400);
    video.requestVideoFrameCallback?.(reveal);
    for (const type of ['pointerover', 'focusin']) this.#ctx.listen(root, type, reveal);
  }

  // ---------------------------------------------------------------- public API

  get displayMode(): DisplayMode {
    return this.#modes.mode;
  }

  get qualityLevels(): QualityLevel[] {
    return this.#playback.levels;
  }

  hlsInstance(): unknown {
    const engine = this.#playback.engine;
    return engine?.kind === 'hls.js' ? engine.instance : null;
  }

  dashInstance(): unknown {
    const engine = this.#playback.engine;
    return engine?.kind === 'dash.js' ? engine.instance : null;
  }

  play(): void {
    this.#playback.play();
  }

  pause(): void {
    this.#playback.pause();
  }

  skipTo(seconds: number): void {
    this.#playback.skipTo(seconds);
  }

  // The saved settings are applied first (#settle): else they would overwrite the call's.
  setPlaybackSpeed(speed: number): void {
    this.#settle();
    this.#playback.setPlaybackSpeed(speed);
  }

  setVolume(volume: number): void {
    this.#settle();
    this.#playback.setVolume(volume);
  }

  toggleControlBar(show: boolean): void {
    this.#build().controls.forceControls(show);
  }

  toggleFullScreen(on?: boolean): void {
    this.#build();
    this.#modes.toggleFullScreen(on);
  }

  toggleMiniPlayer(on?: boolean): void {
    this.#settle();
    this.#modes.toggleMiniPlayer(on);
  }

  toggleTheatre(on?: boolean): void {
    this.#settle();
    this.#modes.toggleTheatre(on);
  }

  async togglePictureInPicture(on?: boolean): Promise<void> {
    await (await this.#build().pip)?.toggle(on);
  }

  get isPictureInPicture(): boolean {
    return document.pictureInPictureElement === this.video;
  }

  setChapters(chapters: readonly PlayerChapter[]): void {
    // Before the parts exist (a page that sets them as the player is created), they wait for
    // the progress bar.
    if (this.#parts) this.#parts.chapters.setChapters(chapters);
    else this.#chapters = chapters;
  }

  setHtmlOnPauseBlock(block: { html: string; width?: number; height?: number }): void {
    if (!block || typeof block.html !== 'string') {
      logError('htmlOnPauseBlock needs an object with html.');
      return;
    }
    this.#build().controls.setPauseBlock({
      html: block.html,
      width: block.width ?? null,
      height: block.height ?? null,
    });
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
    if (this.#ctx.isDestroyed) return;
    this.#ctx.destroy();
    const video = this.video;
    video.pause();
    video.removeAttribute('src');
    video.load();
    video.classList.remove('cr-video', 'js-fluid-player');
    if (video.classList.length === 0) video.removeAttribute('class');
    const { parent, next, controls, removed, hadId } = this.#restore;
    if (!hadId) video.removeAttribute('id');
    if (!this.element.isConnected) logError('No wrapper found on destroy.');
    const host = this.element.parentNode ?? parent;
    if (host) {
      const anchor = this.element.isConnected
        ? this.element
        : next?.parentNode === host
          ? next
          : null;
      host.insertBefore(video, anchor);
    }
    this.element.remove();
    video.controls = controls;
    video.append(...removed);
    if (removed.some((n) => n.tagName === 'SOURCE') || video.getAttribute('src')) video.load();
    this.#listeners.clear();
    initialized.delete(video);
  }

  /** Seeks by `seconds`; ignored while an ad plays (docs/player/behaviour.md). */
  #seekBy(seconds: number): void {
    if (this.#ads.playing) return;
    this.#playback.skipTo(this.video.currentTime + seconds);
  }

  /**
   * Picture-in-picture and casting come in a chunk of their own once the content has its first
   * frame (both need the video's metadata; docs/player/features.md), so that they stay out of
   * the first frame's path and of the core's size.
   */
  async #loadExtras(
    controls: ControlsController,
    wasInPictureInPicture: boolean,
  ): Promise<PipController | null> {
    const ctx = this.#ctx;
    const v = this.video;
    if (v.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
      await new Promise((resolve) => ctx.listen(v, 'loadeddata', resolve, { once: true }));
      // And once that frame is on screen: loaded and run at 'loadeddata', the chunk held the
      // frame's presentation back (docs/player/performance.md).
      if (typeof v.requestVideoFrameCallback === 'function') {
        await new Promise<void>((resolve) => {
          v.requestVideoFrameCallback(() => resolve());
          setTimeout(resolve, 250);
        });
      }
    }
    let extras;
    try {
      extras = await loadExtras();
    } catch (error) {
      logError(`Picture-in-picture and casting could not load: ${String(error)}`);
      return null;
    }
    if (ctx.isDestroyed) return null;
    const pip = new extras.PipController(ctx, this.#modes, wasInPictureInPicture);
    controls.addButton(pip.button);
    controls.addButton(new extras.CastController(ctx).button);
    return pip;
  }

  #emit(event: PlayerEventName, extra: Partial<EventInfo> = {}): void {
    const { currentTime: _, ...rest } = extra;
    const info: EventInfo = { mediaSourceType: this.#ads?.playing ?? 'source', ...rest };
    const first: PlayerEvent = { ...info, type: event };
    if (extra.isToggledOn !== undefined) first.detail = { isToggledOn: extra.isToggledOn };
    for (const callback of this.#listeners.get(event) ?? []) {
      try {
        if (event === 'timeupdate') {
          const time = extra.currentTime ?? this.video.currentTime;
          (callback as (t: number, i: EventInfo) => void)(time, { ...info, currentTime: time });
        } else (callback as (e: PlayerEvent, i: EventInfo) => void)(first, info);
      } catch (error) {
        logError(`An "${event}" callback threw: ${String(error)}`);
      }
    }
  }
}
