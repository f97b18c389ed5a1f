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
import type { PlayerContext } from './context.ts';
import type { PersistenceController } from './persistence-controller.ts';

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

  constructor(ctx: PlayerContext, persistence: PersistenceController, hasHlsHooks: boolean) {
    this.#ctx = ctx;
    this.#persistence = persistence;
    this.#hasHlsHooks = hasHlsHooks;
    this.#sources = readSources(ctx.video);
    ctx.listen(ctx.video, 'error', () => {
      if (this.#engine || !ctx.video.error) return;
      this.#nextSource(`the browser could not play ${this.current?.url ?? 'the source'}`);
    });
    ctx.onDestroy(() => {
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
    this.onPlay();
    // The pre-rolls start before the content does; during an ad, play acts on the ad.
    if (this.takesPlay()) return;
    const result = this.#ctx.video.play();
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
    const max = Number.isFinite(v.duration) ? v.duration : seconds;
    v.currentTime = Math.max(0, Math.min(max, seconds));
    if (this.#pendingSeek !== null) {
      this.#pendingSeek = null;
      this.#ctx.trigger('pendingSeekChange');
    }
  }

  setPlaybackSpeed(speed: number): void {
    if (!(speed > 0)) return;
    this.#ctx.video.defaultPlaybackRate = speed;
    this.#ctx.video.playbackRate = speed;
  }

  setVolume(volume: number): void {
    const v = Math.max(0, Math.min(1, volume));
    this.#ctx.video.volume = v;
    this.#ctx.video.muted = v === 0;
  }

  toggleMute(): void {
    const v = this.#ctx.video;
    if (v.muted || v.volume === 0) {
      v.muted = false;
      if (v.volume === 0) v.volume = 0.5;
    } else v.muted = true;
  }

  /** Plays another list of sources from the start (a suggested video). */
  replaceSources(sources: VideoSource[]): void {
    this.#sources = sources;
    this.#wantsPlay = true;
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
    // The last chosen progressive source is kept by title, like a quality.
    const saved = this.#persistence.quality;
    const index = saved ? this.#sources.findIndex((s) => s.title === saved) : -1;
    return Math.max(0, index);
  }

  async #load(index: number, resume: { time: number; play: boolean }): Promise<void> {
    const ctx = this.#ctx;
    const token = ++this.#loadToken;
    const source = this.#sources[index];
    this.#engine?.destroy();
    this.#engine = null;
    this.#levels = [];
    this.#isLive = false;
    this.#ctx.trigger('sourcesChange');
    if (!source) {
      if (this.#sources.length > 0) logError('No playable source left.');
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
        logWarn(message);
        this.#nextSource(null);
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
    const attach = async (label: string, load: () => Promise<EngineModule>): Promise<void> => {
      let engineModule;
      try {
        engineModule = await load();
      } catch (error) {
        logError(`Could not load ${label}: ${String(error)}`);
        this.#nextSource(null);
        return;
      }
      if (token !== this.#loadToken || ctx.isDestroyed) return;
      if (!engineModule.isSupported()) {
        logWarn(`Media type not supported by this browser using ${label}`);
        v.removeEventListener('loadedmetadata', restore);
        this.#nextSource(null);
        return;
      }
      this.#engine = engineModule.attach(v, source.url, ctx.options.modules, callbacks);
    };
    if (useLadder) {
      callbacks.onOtherStream = () => {
        if (token !== this.#loadToken) return;
        this.#engine?.destroy();
        this.#engine = null;
        void attach('HLS.js', loadHlsEngine);
      };
      await attach('HLS', loadLadderEngine);
      return;
    }
    await (kind === 'hls' ? attach('HLS.js', loadHlsEngine) : attach('DASH.js', loadDashEngine));
  }

  #nextSource(reason: string | null): void {
    if (reason) logWarn(reason);
    const next = this.#index + 1;
    if (next >= this.#sources.length) {
      this.#engine?.destroy();
      this.#engine = null;
      logError('No playable source left.');
      return;
    }
    // A source that failed before it could start still owes the viewer the play they asked for.
    void this.#load(next, { time: 0, play: !this.#ctx.video.paused || this.#wantsPlay });
  }
}
