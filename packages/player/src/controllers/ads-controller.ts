// The seam to the ads chunk (loaded only when adList is not empty). The pre-rolls' VAST
// requests start at once, in parallel with the chunk and with the content; the chunk then
// takes the content's first play for the pre-rolls.
import type { AdsController as AdsEngine, RollName } from '../ads-types.ts';
import { loadAdsEngine } from '../lazy-load.ts';
import { logError } from '../log.ts';
import type { PlayerContext } from './context.ts';

export class AdsController {
  readonly #ctx: PlayerContext;
  #engine: AdsEngine | null = null;
  #roll: RollName | null = null;
  /** Resolves once the ads are ready to take the first play (or failed to load). */
  readonly ready: Promise<void>;

  constructor(
    ctx: PlayerContext,
    onModeChange: (listener: (from: string, to: string) => void) => () => void,
  ) {
    this.#ctx = ctx;
    this.ready =
      ctx.options.vastOptions.adList.length > 0 ? this.#start(onModeChange) : Promise.resolve();
    ctx.onDestroy(() => this.#engine?.destroy());
  }

  /** The roll of the ad playing, or null. */
  get playing(): RollName | null {
    return this.#roll;
  }

  /** True when the ads take a play call (pre-rolls to play first, or an ad running). */
  takesPlay(): boolean {
    return this.#engine?.beforePlay() ?? false;
  }

  async #start(
    onModeChange: (listener: (from: string, to: string) => void) => () => void,
  ): Promise<void> {
    const ctx = this.#ctx;
    const prefetched = new Map<string, Promise<string>>();
    for (const entry of ctx.options.vastOptions.adList) {
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
      if (ctx.isDestroyed) return;
      this.#engine = module.attach({
        video: ctx.video,
        container: ctx.root,
        options: ctx.options.vastOptions,
        setAdPlaying: (kind) => {
          this.#roll = kind;
          ctx.root.classList.toggle('cr-ad-playing', kind !== null);
        },
        onModeChange,
        prefetched,
        emit: (event, time) => ctx.emit(event, { currentTime: time }),
      });
      await this.#engine.beforeContent();
    } catch (error) {
      logError(`Ads could not start: ${String(error)}`);
    }
  }
}
