// The seam to the ads chunk (loaded only when adList is not empty). The pre-rolls' VAST
// requests start at once, in parallel with the chunk and with the content; the chunk then
// takes the content's first play for the pre-rolls. With one pre-roll, the core also prepares
// its ad while the chunk loads and starts it on the first play (early-ad.ts).
import { AD_MEDIA_EVENTS } from '../ads-types.ts';
import type { AdsController as AdsEngine, RollName } from '../ads-types.ts';
import { loadAdsEngine } from '../lazy-load.ts';
import { logError } from '../log.ts';
import type { PlayerContext } from './context.ts';
import { EarlyAd } from './early-ad.ts';

const AD_SIZES = ['300x250', '468x60', '728x90'];
/** The longest the content (and the ads chunk's run) waits for the core's first pre-roll. */
const CONTENT_WAIT_MS = 400;

export class AdsController {
  readonly #ctx: PlayerContext;
  #engine: AdsEngine | null = null;
  #roll: RollName | null = null;
  #early: EarlyAd | null = null;
  /** The core started the first pre-roll and the chunk has not taken it over yet. */
  #isEarlyOwned = false;
  /** Resolves once the ads are ready to take the first play (or failed to load). */
  readonly ready: Promise<void>;
  /**
   * Resolves when the content may start loading (null: at once). While the core prepares the
   * first pre-roll, that is once that ad shows its first frame (or turns out not to start), so that the
   * two do not compete; at the latest after CONTENT_WAIT_MS.
   */
  contentGate: Promise<void> | null = null;

  constructor(
    ctx: PlayerContext,
    onModeChange: (listener: (from: string, to: string) => void) => () => void,
  ) {
    this.#ctx = ctx;
    this.ready =
      ctx.options.vastOptions.adList.length > 0 ? this.#start(onModeChange) : Promise.resolve();
    ctx.onDestroy(() => {
      this.#early?.abandon();
      this.#engine?.destroy();
    });
  }

  /** The roll of the ad playing, or null. */
  get playing(): RollName | null {
    return this.#roll;
  }

  /** True when the ads take a play call (pre-rolls to play first, or an ad running). */
  takesPlay(): boolean {
    return this.#engine?.beforePlay() ?? false;
  }

  /** A play was asked for before the player was ready: the first pre-roll may start now. */
  playRequested(): void {
    this.#early?.want();
  }

  #setAdPlaying(kind: RollName | null): void {
    this.#roll = kind;
    this.#ctx.root.classList.toggle('cr-ad-playing', kind !== null);
  }

  async #start(
    onModeChange: (listener: (from: string, to: string) => void) => () => void,
  ): Promise<void> {
    const ctx = this.#ctx;
    const { adList, maxAllowedVastTagRedirects, vastTimeout } = ctx.options.vastOptions;
    const prefetched = new Map<string, Promise<string>>();
    const prefetchedAt = new Map<string, number>();
    const fetchText = (url: string): Promise<string> => {
      let text = prefetched.get(url);
      if (!text) {
        text = fetch(url, { credentials: 'omit' }).then((r) =>
          r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)),
        );
        text.catch(() => {});
        // Shared with the chunk even once it runs: the core may still be following the
        // pre-roll's wrappers when the chunk follows the same ones, and each document is asked
        // for once (the chunk takes each entry when it reads it).
        prefetched.set(url, text);
        prefetchedAt.set(url, performance.now());
      }
      return text;
    };
    const preRolls: string[] = [];
    for (const entry of adList) {
      if (entry?.roll !== 'preRoll' || typeof entry.vastTag !== 'string') continue;
      try {
        const url = new URL(entry.vastTag, document.baseURI).href;
        void fetchText(url);
        if (
          entry.vastTag.trim() &&
          (entry.size === undefined || AD_SIZES.includes(String(entry.size))) &&
          entry.maxTotalDuration === undefined
        ) {
          preRolls.push(url);
        }
      } catch {
        // An invalid tag is reported by the ads module.
      }
    }
    const hasPreRollEntries = adList.some((e) => e?.roll === 'preRoll');
    if (hasPreRollEntries) {
      const early = new EarlyAd(ctx.root, ctx.video, () => {
        this.#isEarlyOwned = true;
        this.#setAdPlaying('preRoll');
      });
      this.#early = early;
      // The ad's media events reach the page while the core runs the ad, as they do later.
      for (const name of AD_MEDIA_EVENTS) {
        ctx.listen(early.video, name, () => {
          if (this.#isEarlyOwned) ctx.emit(name, { currentTime: early.video.currentTime });
        });
      }
      // The fast start covers one valid pre-roll entry; several are resolved together first.
      const only =
        preRolls.length === 1 && adList.filter((e) => e?.roll === 'preRoll').length === 1;
      if (only) {
        const prepared = early
          .prepare(preRolls[0]!, fetchText, maxAllowedVastTagRedirects, vastTimeout)
          .catch(() => false);
        // The ad's first frame comes before the content's load and the chunk's.
        const shown = prepared.then((ok) => (ok && early.isStarted ? early.shown : undefined));
        this.contentGate = Promise.race([
          shown,
          new Promise<void>((resolve) => setTimeout(resolve, CONTENT_WAIT_MS)),
        ]);
      }
    }
    try {
      // While the core starts the first pre-roll, the chunk waits for the ad's first frame: its
      // fetch and compile would compete with it (measured: fetching it meanwhile with
      // modulepreload was slower to the ad's first frame).
      if (this.contentGate) await this.contentGate;
      const module = await loadAdsEngine();
      if (ctx.isDestroyed) return;
      const early = this.#early;
      this.#engine = module.attach({
        video: ctx.video,
        container: ctx.root,
        options: ctx.options.vastOptions,
        setAdPlaying: (kind) => {
          this.#isEarlyOwned = false;
          this.#setAdPlaying(kind);
        },
        onModeChange,
        prefetched,
        prefetchedAt,
        early: early && {
          root: early.root,
          video: early.video,
          checks: early.checks,
          get isStarted() {
            return early.isStarted;
          },
          takeOver: () => early.release(),
        },
        emit: (event, time) => ctx.emit(event, { currentTime: time }),
      });
      await this.#engine.beforeContent();
    } catch (error) {
      logError(`Ads could not start: ${String(error)}`);
      if (!this.#engine && this.#early) {
        this.#early.abandon();
        if (this.#isEarlyOwned) this.#setAdPlaying(null);
        this.#isEarlyOwned = false;
      }
    }
  }
}
