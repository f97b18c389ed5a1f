// Playback (docs/player/behaviour.md): the sources and the engine that plays the current one (the
// browser for files, the browser's own HLS or hls.js, dash.js), falling through to the next source
// when one cannot play, source and quality switches, and the calls that act on playback. Calls made
// before the source and the ads are in place wait in a queue and run in order.
import { el, fetchWithTimeout } from '../dom.ts';
import type {
  AudioTrackInfo,
  EngineCallbacks,
  EngineModule,
  QualityLevel,
  StreamEngine,
} from '../engine-types.ts';
import { loadDashEngine, loadHlsEngine, loadLadderEngine } from '../lazy-load.ts';
import { logError, logInfo, logWarn } from '../log.ts';
import { attachNativeHls, hasNativeHls } from '../native-hls.ts';
import type { VideoSource } from '../player-types.ts';
import { liveWindow, type PlayerContext } from './context.ts';
import type { PersistenceController } from './persistence-controller.ts';

/** A playback waiting this long for data counts as a failure (the recovery ladder's next step). */
const STALL_MS = 8000;

export function fileName(url: string): string {
  return url.split(/[?#]/)[0]?.split('/').pop() || url;
}

/** The video's `<source>` children (or its src), in order. */
export function readSources(video: HTMLVideoElement): VideoSource[] {
  const sources = [...video.querySelectorAll('source')]
    .map((s) => ({
      url: s.src || s.getAttribute('src') || '',
      type: s.type,
      title: s.title || s.getAttribute('title') || fileName(s.getAttribute('src') ?? ''),
      isHD: s.hasAttribute('data-fluid-hd') || s.hasAttribute('data-hd'),
    }))
    .filter((s) => s.url);
  const own = video.getAttribute('src');
  if (sources.length === 0 && own) {
    sources.push({ url: video.src || own, type: '', title: fileName(own), isHD: false });
  }
  return sources;
}

export function sourceKind(source: VideoSource): 'hls' | 'dash' | 'file' {
  const type = source.type.toLowerCase();
  const path = source.url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (type.includes('mpegurl') || path.endsWith('.m3u8')) return 'hls';
  if (type.includes('dash') || path.endsWith('.mpd')) return 'dash';
  return 'file';
}

function isIOS(): boolean {
  return /iPad|iPhone|iPod/.test(navigator.userAgent);
}

function isMseAvailable(): boolean {
  return (
    typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window)
  );
}

export class PlaybackController {
  readonly #ctx: PlayerContext;
  readonly #persistence: PersistenceController;
  readonly #hasHlsHooks: boolean;
  #sources: VideoSource[];
  #index = 0;
  #engine: StreamEngine | null = null;
  #levels: QualityLevel[] = [];
  #isLive = false;
  #loadToken = 0;
  #wantsPlay = false;
  #pendingSeek: number | null = null;
  /** Playback calls made before the source and the ads are in place; null once they are. */
  #queue: (() => void)[] | null = [];
  /** The ads take a play call first (pre-rolls, or an ad running). */
  takesPlay: () => boolean = () => false;
  /** Called before the content plays (the suggested grid hides). */
  onPlay: () => void = () => {};
  /** Failures since the content last played or could play (the recovery ladder's step). */
  #failures = 0;
  /** Where the content was when it last had media: a reload after a failure resumes there. */
  #lastTime = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The message shown after the retries (null: none). */
  #message: string | null = null;

  constructor(ctx: PlayerContext, persistence: PersistenceController, hasHlsHooks: boolean) {
    this.#ctx = ctx;
    this.#persistence = persistence;
    this.#hasHlsHooks = hasHlsHooks;
    this.#sources = readSources(ctx.video);
    const v = ctx.video;
    // A media error (the file gone or changed under the page, a segment the decoder refuses) is
    // one step of the recovery ladder, whichever engine plays.
    ctx.listen(v, 'error', () => {
      if (!v.error || !v.currentSrc) return;
      this.#fail(
        `the browser could not play ${this.current?.url ?? 'the source'} (media error ${v.error.code})`,
      );
    });
    const remember = (): void => {
      if (v.readyState >= HTMLMediaElement.HAVE_METADATA) this.#lastTime = v.currentTime;
    };
    ctx.listen(v, 'timeupdate', remember);
    ctx.listen(v, 'seeking', remember);
    // Media at hand again: the ladder starts over and the message goes.
    const recovered = (): void => {
      this.#failures = 0;
      this.#setMessage(null);
    };
    ctx.listen(v, 'canplay', recovered);
    ctx.listen(v, 'playing', recovered);
    // A playback waiting for data this long (the network gone, an engine retrying without end)
    // is a failure too. Live streams reconnect on their own terms.
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = (): void => {
      clearTimeout(stall);
      if (v.paused || v.ended || v.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) return;
      stall = setTimeout(() => {
        if (this.#isLive || v.paused || v.ended) return;
        if (v.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) return;
        this.#fail(
          `playback waited ${STALL_MS / 1000} s for data at ${v.currentTime.toFixed(1)} s`,
        );
      }, STALL_MS);
    };
    for (const type of ['waiting', 'play', 'playing', 'pause', 'canplay', 'emptied'])
      ctx.listen(v, type, watch);
    ctx.onDestroy(() => {
      clearTimeout(stall);
      clearTimeout(this.#retryTimer);
      this.#engine?.destroy();
      this.#engine = null;
    });
  }

  get sources(): readonly VideoSource[] {
    return this.#sources;
  }

  get index(): number {
    return this.#index;
  }

  get current(): VideoSource | undefined {
    return this.#sources[this.#index];
  }

  get levels(): QualityLevel[] {
    return [...this.#levels];
  }

  get isLive(): boolean {
    return this.#isLive;
  }

  /** Where a seek asked before the media's metadata will land (null: none waits). */
  get pendingSeek(): number | null {
    return this.#pendingSeek;
  }

  get engine(): StreamEngine | null {
    return this.#engine;
  }

  /** Loads the first source (or the saved one); resolves when it is attached. */
  start(): Promise<void> {
    return this.#load(this.#initialIndex(), { time: 0, play: false });
  }

  /** Runs the queued calls, in order; later calls act at once. */
  flush(): void {
    const queue = this.#queue;
    this.#queue = null;
    if (this.#ctx.isDestroyed || !queue) return;
    for (const call of queue) call();
  }

  /** A play asked for while calls still wait in the queue (the first pre-roll may start). */
  onQueuedPlay: () => void = () => {};

  play(): void {
    if (this.#queue) {
      this.#queue.push(() => this.#play());
      this.onQueuedPlay();
    } else this.#play();
  }

  #play(): void {
    this.#wantsPlay = true;
    // Play under the message (or with nothing left to play) tries again.
    if (this.#message !== null || (!this.#engine && !this.#ctx.video.currentSrc)) {
      this.retry();
      return;
    }
    this.onPlay();
    // The pre-rolls start before the content does; during an ad, play acts on the ad.
    if (this.takesPlay()) return;
    const v = this.#ctx.video;
    // Play at the end plays from the start, also where the media did not say it ended (another
    // quality chosen at the end resumes there).
    if (!this.#isLive && Number.isFinite(v.duration) && v.currentTime >= v.duration - 0.05)
      v.currentTime = 0;
    const result = v.play();
    // Autoplay refusals leave the big play button up; nothing else to do.
    result?.catch?.((error: unknown) => {
      if ((error as Error)?.name !== 'AbortError' && this.#ctx.options.debug)
        logInfo(String(error));
    });
  }

  pause(): void {
    this.#wantsPlay = false;
    if (this.#queue) this.#queue.push(() => this.#ctx.video.pause());
    else this.#ctx.video.pause();
  }

  togglePlay(): void {
    const v = this.#ctx.video;
    if (v.paused || v.ended) this.play();
    else this.pause();
  }

  skipTo(seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    const v = this.#ctx.video;
    if (this.#queue || v.readyState < HTMLMediaElement.HAVE_METADATA) {
      // Shown as the current time until the seek is made (a ?t= or resume link before play).
      this.#pendingSeek = Math.max(0, seconds);
      this.#ctx.trigger('pendingSeekChange');
    }
    if (this.#queue) {
      this.#queue.push(() => this.skipTo(seconds));
      return;
    }
    // Before the metadata the duration is unknown: seek once it is.
    if (v.readyState < HTMLMediaElement.HAVE_METADATA) {
      v.addEventListener('loadedmetadata', () => this.skipTo(seconds), { once: true });
      return;
    }
    // A live stream seeks within its window (DVR): not before its oldest second nor past its edge.
    const live = v.duration === Infinity ? liveWindow(v) : null;
    const min = live ? live.start : 0;
    const max = live ? live.end : Number.isFinite(v.duration) ? v.duration : seconds;
    v.currentTime = Math.max(min, Math.min(max, seconds));
    if (this.#pendingSeek !== null) {
      this.#pendingSeek = null;
      this.#ctx.trigger('pendingSeekChange');
    }
  }

  setPlaybackSpeed(speed: number): void {
    if (!(speed > 0)) return;
    this.#ctx.video.defaultPlaybackRate = speed;
    this.#ctx.video.playbackRate = speed;
    this.#persistence.saveSpeed();
  }

  setVolume(volume: number): void {
    const v = Math.max(0, Math.min(1, volume));
    this.#ctx.video.volume = v;
    this.#ctx.video.muted = v === 0;
    this.#persistence.saveVolume();
  }

  toggleMute(): void {
    const v = this.#ctx.video;
    if (v.muted || v.volume === 0) {
      v.muted = false;
      if (v.volume === 0) v.volume = 0.5;
    } else v.muted = true;
    this.#persistence.saveVolume();
  }

  /** The message shown after the retries failed, or null. */
  get message(): string | null {
    return this.#message;
  }

  /**
   * Loads the source again where it was (the viewer's Retry, or Play under the message), and
   * plays it.
   */
  retry(): void {
    clearTimeout(this.#retryTimer);
    this.#failures = 0;
    this.#wantsPlay = true;
    this.#setMessage(null);
    void this.#load(this.#index, { time: this.#lastTime, play: true });
  }

  #setMessage(message: string | null): void {
    if (this.#message === message) return;
    this.#message = message;
    this.#ctx.trigger('playbackError', message);
  }

  /**
   * One step of the recovery ladder (docs/player/behaviour.md, "Recovery"): the engines retry a
   * segment themselves; a failure that reaches here reloads the source where it was (the stream
   * starts again on automatic quality: another rendition), then tries the other sources, then
   * the first again after a pause, then shows a message that says what to do.
   */
  #fail(reason: string): void {
    const ctx = this.#ctx;
    if (ctx.isDestroyed || this.#message !== null) return;
    logWarn(reason);
    const v = ctx.video;
    const resume = {
      time: this.#lastTime,
      play: this.#wantsPlay || (!v.paused && !v.ended),
    };
    const count = this.#sources.length;
    const step = ++this.#failures;
    clearTimeout(this.#retryTimer);
    if (count === 0) return;
    if (step === 1) {
      void this.#load(this.#index, resume);
    } else if (step <= count) {
      void this.#load((this.#index + 1) % count, resume);
    } else if (step === count + 1) {
      this.#engine?.destroy();
      this.#engine = null;
      this.#retryTimer = setTimeout(() => void this.#load(this.#index, resume), 1500);
    } else {
      this.#engine?.destroy();
      this.#engine = null;
      this.#wantsPlay = resume.play;
      logError('No playable source left.');
      void this.#explain(reason).then((message) => {
        if (!ctx.isDestroyed && this.#failures > count) this.#setMessage(message);
      });
    }
  }

  /** What the viewer can do about a failure: the network is down, the file is gone, or else. */
  async #explain(reason: string): Promise<string> {
    const offline = 'No connection. Check your network, then press Retry.';
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return offline;
    let status = Number(/HTTP (\d{3})/.exec(reason)?.[1] ?? 0);
    const url = this.current?.url;
    if (!status && url && !url.startsWith('blob:')) {
      try {
        const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
        status = response.status;
      } catch {
        return offline;
      }
    }
    if (status === 401 || status === 403)
      return 'This video is no longer open to you here. Reload the page, then press Retry.';
    if (status === 404 || status === 410)
      return 'This video has changed or moved. Reload the page to watch it.';
    return 'The video could not be played. Press Retry, or reload the page.';
  }

  /** Plays another list of sources from the start (a suggested video). */
  replaceSources(sources: VideoSource[]): void {
    this.#sources = sources;
    this.#wantsPlay = true;
    this.#failures = 0;
    this.#lastTime = 0;
    this.#setMessage(null);
    void this.#load(0, { time: 0, play: true });
  }

  /**
   * Source switch (docs/player/behaviour.md): pause, load, restore the time, resume if it was
   * playing.
   */
  switchSource(index: number): void {
    if (index === this.#index) return;
    const v = this.#ctx.video;
    const resume = { time: v.currentTime, play: !v.paused && !v.ended };
    v.pause();
    const rate = v.playbackRate;
    void this.#load(index, resume).then(() => this.setPlaybackSpeed(rate));
    this.#persistence.saveQuality(this.#sources[index]?.title ?? '');
  }

  /** The alternate audio renditions of the stream (empty when it has none to choose from). */
  get audioTracks(): AudioTrackInfo[] {
    return this.#engine?.audioTracks?.() ?? [];
  }

  /** Plays audio rendition `id`, remembered for videos in the same language. */
  selectAudioTrack(id: number): void {
    const tracks = this.audioTracks;
    const chosen = tracks.find((t) => t.id === id);
    if (!chosen) return;
    this.#engine?.setAudioTrack?.(id);
    const original = tracks.find((t) => t.isDefault) ?? tracks[0]!;
    this.#persistence.saveAudio(original.language, chosen.language || chosen.name);
    this.#ctx.trigger('sourcesChange');
  }

  /** Plays the audio alone (no video is downloaded), or the video again. */
  setAudioOnly(on: boolean): void {
    this.#engine?.setAudioOnly?.(on);
    this.#ctx.trigger('sourcesChange');
  }

  /** Selects a quality level; -1 for automatic. */
  selectLevel(id: number): void {
    this.#engine?.setLevel(id);
    this.#persistence.saveQuality(
      id < 0 ? 'auto' : (this.#levels.find((l) => l.id === id)?.title ?? 'auto'),
    );
    this.#ctx.trigger('sourcesChange');
  }

  download(): void {
    const source = this.current;
    if (!source) return;
    const link = el('a', '', { href: source.url, download: fileName(source.url) });
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  }

  #initialIndex(): number {
    if (this.#sources.length < 2) return 0;
    // The last chosen progressive source is kept by title, like a quality.
    const saved = this.#persistence.quality;
    const index = saved ? this.#sources.findIndex((s) => s.title === saved) : -1;
    return Math.max(0, index);
  }

  async #load(index: number, resume: { time: number; play: boolean }): Promise<void> {
    const ctx = this.#ctx;
    const token = ++this.#loadToken;
    const source = this.#sources[index];
    clearTimeout(this.#retryTimer);
    this.#lastTime = resume.time;
    this.#engine?.destroy();
    this.#engine = null;
    this.#levels = [];
    this.#isLive = false;
    this.#ctx.trigger('sourcesChange');
    if (!source) {
      if (this.#sources.length > 0) this.#noneLeft();
      return;
    }
    this.#index = index;
    const v = ctx.video;

    // The file name first: reading the user agent is the slower check.
    if (/\.mkv$/i.test(source.url.split(/[?#]/)[0] ?? '') && isIOS()) {
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
      this.#ctx.trigger('sourcesChange');
      return;
    }
    const callbacks: EngineCallbacks = {
      onLevels: (levels) => {
        if (token !== this.#loadToken) return;
        this.#levels = levels;
        const saved = this.#persistence.quality;
        if (saved && saved !== 'auto') {
          const level = levels.find((l) => l.title === saved);
          if (level) this.#engine?.setLevel(level.id);
        }
        this.#ctx.trigger('sourcesChange');
      },
      onAudioTracks: (tracks) => {
        if (token !== this.#loadToken) return;
        // The language last chosen for videos in this one's language.
        const original = tracks.find((t) => t.isDefault) ?? tracks[0];
        const wanted = original && this.#persistence.audioFor(original.language);
        const track = wanted ? tracks.find((t) => (t.language || t.name) === wanted) : undefined;
        if (track && !track.isDefault) this.#engine?.setAudioTrack?.(track.id);
      },
      onLive: (isLive) => {
        if (token !== this.#loadToken || this.#isLive === isLive) return;
        this.#isLive = isLive;
        this.#ctx.trigger('liveChange');
      },
      onFatal: (message) => {
        if (token !== this.#loadToken) return;
        this.#fail(message);
      },
    };
    // The browser's own HLS where it has one, unless the page configures hls.js (measured:
    // docs/player/performance.md); hls.js otherwise.
    if (kind === 'hls' && (!isMseAvailable() || !this.#hasHlsHooks) && hasNativeHls(v)) {
      const fetchManifest = (): Promise<string> =>
        fetchWithTimeout(source.url, ctx.options.vastOptions.vastTimeout).then((r) => r.text());
      this.#engine = attachNativeHls(v, source.url, fetchManifest, callbacks);
      return;
    }
    // HLS through the player's own engine when the page does not configure hls.js: it plays the
    // site's ladder and hands any other stream back to hls.js (docs/decisions/0041).
    const useLadder = kind === 'hls' && !this.#hasHlsHooks;
    // The own engine's master playlist is asked for beside its chunk, not after it (a round
    // trip fewer before the first frame; docs/player/performance.md). Its failure is the
    // engine's to retry.
    const master = useLadder
      ? fetchWithTimeout(source.url, ctx.options.vastOptions.vastTimeout).then((r) => r.text())
      : undefined;
    master?.catch(() => {});
    const attach = async (
      label: string,
      load: () => Promise<EngineModule>,
      prefetched?: Promise<string>,
    ): Promise<void> => {
      let engineModule;
      try {
        engineModule = await load();
      } catch (error) {
        // The network, most often: a step of the recovery ladder like any other failure.
        if (token === this.#loadToken) this.#fail(`Could not load ${label}: ${String(error)}`);
        return;
      }
      if (token !== this.#loadToken || ctx.isDestroyed) return;
      if (!engineModule.isSupported()) {
        logWarn(`Media type not supported by this browser using ${label}`);
        v.removeEventListener('loadedmetadata', restore);
        this.#nextSource(null);
        return;
      }
      this.#engine = engineModule.attach(v, source.url, ctx.options.modules, callbacks, prefetched);
    };
    if (useLadder) {
      callbacks.onOtherStream = () => {
        if (token !== this.#loadToken) return;
        this.#engine?.destroy();
        this.#engine = null;
        // The own engine may have opened a Media Source and given it back: its reset paused a
        // play asked for meanwhile.
        void attach('HLS.js', loadHlsEngine).then(() => {
          if (token === this.#loadToken && this.#wantsPlay && v.paused) {
            v.play().catch(() => {});
          }
        });
      };
      await attach('HLS', loadLadderEngine, master);
      return;
    }
    await (kind === 'hls' ? attach('HLS.js', loadHlsEngine) : attach('DASH.js', loadDashEngine));
  }

  /** No source this browser can play: said once, in words. */
  #noneLeft(): void {
    this.#engine?.destroy();
    this.#engine = null;
    logError('No playable source left.');
    this.#setMessage('This browser cannot play this video. Try another browser.');
  }

  /** The source is of a kind this browser cannot play: the next one, if any. */
  #nextSource(reason: string | null): void {
    if (reason) logWarn(reason);
    const next = this.#index + 1;
    if (next >= this.#sources.length) {
      this.#noneLeft();
      return;
    }
    // A source that failed before it could start still owes the viewer the play they asked for.
    void this.#load(next, { time: 0, play: !this.#ctx.video.paused || this.#wantsPlay });
  }
}
