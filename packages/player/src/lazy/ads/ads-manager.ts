// The scheduler: loads each roll's VAST at its time, holds the first play for the pre-rolls,
// plays mid-rolls and post-rolls over a paused content video, shows non-linear and on-pause
// ads, and puts the content back where it was.
import { logError } from '../../log.ts';
import { AD_MEDIA_EVENTS } from '../../ads-types.ts';
import type { AdsController, AdsHost, RollName } from '../../ads-types.ts';
import type { AdContext, AdRun } from './ad-context.ts';
import { callAdvanced } from './ad-context.ts';
import { buildRollRecords } from './ad-list.ts';
import type { RollRecord } from './ad-list.ts';
import { AdLayer } from './ad-layer.ts';
import { injectAdStyles } from './ad-styles.ts';
import { AD_TIMER_POLL_MS, AdErrorCode, ON_PAUSE_DELAY_MS, formatAdError } from './constants.ts';
import { pickMediaFile, playLinearAd } from './linear-ad.ts';
import { showNonLinearAd } from './non-linear-ad.ts';
import type { AdMediaFile, ParsedAd } from './parsed-ad.ts';
import { selectAds } from './pod.ts';
import { midRollTime, resumePosition, vastLoadTime } from './schedule.ts';
import { createAdLedger } from './tracking.ts';
import type { TrackingLedger } from './tracking.ts';
import { loadRoll } from './vast-loader.ts';
import { playVpaidAd, showVpaidNonLinear } from './vpaid.ts';

export class AdsManager implements AdsController {
  readonly #host: AdsHost;
  readonly #rolls: RollRecord[];
  readonly #layer: AdLayer;
  readonly #loads = new Map<string, Promise<void>>();
  readonly #ledgers = new Map<ParsedAd, TrackingLedger>();
  readonly #midTimes = new Map<string, number | null>();
  readonly #cleanups: (() => void)[] = [];
  readonly #markers: HTMLElement[] = [];
  readonly #nonLinearQueue: [ParsedAd, RollRecord][] = [];
  #isPreRollHandled: boolean;
  #isBusy = false;
  #isSelfPause = false;
  #active: AdRun | null = null;
  #nonLinear: AdRun | null = null;
  #onPause: AdRun | null = null;
  #onPauseTimer: ReturnType<typeof setTimeout> | undefined;
  #isDestroyed = false;
  /** The roll of the linear ad playing, or null. */
  #roll: RollName | null = null;
  /** The first pre-roll's media file, chosen before the play (see #prepareFirstPreRoll). */
  #firstMedia: { ad: ParsedAd; media: Promise<AdMediaFile | null> } | null = null;
  #firstPreRollReady: Promise<void> = Promise.resolve();

  constructor(host: AdsHost) {
    this.#host = host;
    injectAdStyles(document);
    this.#rolls = buildRollRecords(host.options);
    this.#layer = new AdLayer(host.container, host.options.adProgressColor, host.early);
    this.#isPreRollHandled = !this.#rolls.some((r) => r.roll === 'preRoll' && !r.error);
    for (const record of this.#rolls) {
      if (record.roll === 'preRoll' || record.roll === 'onPauseRoll') void this.#load(record);
    }
    this.#firstPreRollReady = this.#prepareFirstPreRoll().catch(() => {});
    const adVideo = this.#layer.video;
    for (const name of AD_MEDIA_EVENTS) {
      this.#listen(adVideo, name, () => {
        if (this.#roll && adVideo.getAttribute('src')) host.emit(name, adVideo.currentTime);
      });
    }
    const v = host.video;
    this.#listen(v, 'play', () => this.#onContentPlay());
    this.#listen(v, 'pause', () => this.#onContentPause());
    this.#listen(v, 'ended', () => this.#onContentEnded());
    this.#listen(v, 'durationchange', () => this.#drawMarkers());
    // The content loads in parallel with this chunk: its duration may be known already.
    this.#drawMarkers();
    const timer = setInterval(() => this.#tick(), AD_TIMER_POLL_MS);
    this.#cleanups.push(() => clearInterval(timer));
  }

  /** Content may load at once; its first play is held for the pre-rolls. */
  /** Resolves once the first pre-roll's file is chosen (or there is none to wait for). */
  beforeContent(): Promise<void> {
    return this.#firstPreRollReady;
  }

  beforePlay(): boolean {
    if (this.#isBusy) {
      this.#active?.togglePause();
      return true;
    }
    if (this.#isPreRollHandled) return false;
    this.#isPreRollHandled = true;
    void this.#runRolls(
      this.#rolls.filter((r) => r.roll === 'preRoll' && !r.error),
      'preRoll',
    );
    return true;
  }

  /** The roll records, for tests and debugging. */
  get rolls(): readonly RollRecord[] {
    return this.#rolls;
  }

  destroy(): void {
    this.#isDestroyed = true;
    this.#host.early?.takeOver();
    clearTimeout(this.#onPauseTimer);
    for (const cleanup of this.#cleanups) cleanup();
    this.#active?.stop();
    this.#nonLinear?.stop();
    this.#onPause?.stop();
    for (const marker of this.#markers) marker.remove();
    this.#layer.destroy();
    this.#host.setAdPlaying(null);
  }

  #listen(target: EventTarget, type: string, handler: () => void): void {
    target.addEventListener(type, handler);
    this.#cleanups.push(() => target.removeEventListener(type, handler));
  }

  #load(record: RollRecord): Promise<void> {
    let pending = this.#loads.get(record.id);
    if (!pending) {
      pending = loadRoll(
        record,
        this.#host.options,
        this.#host.prefetched,
        this.#host.prefetchedAt,
      ).then((result) => {
        record.vastLoaded = result.errorCode === null;
        record.error = !record.vastLoaded;
        record.ads = selectAds(result.ads, { ...record, isFallback: result.isFallback });
        if (record.vastLoaded) callAdvanced(this.#host.options, 'vastLoadedCallback');
      });
      this.#loads.set(record.id, pending);
    }
    return pending;
  }

  /**
   * Chooses the first pre-roll's media file as soon as its VAST is in, and starts loading it in
   * the (hidden) ad layer, so that its first frame is ready when the play comes.
   */
  async #prepareFirstPreRoll(): Promise<void> {
    const records = this.#rolls.filter((r) => r.roll === 'preRoll' && !r.error);
    if (records.length === 0) return;
    await Promise.all(records.map((r) => this.#load(r)));
    // A play that came first is waiting for the same VASTs: the choice serves it too.
    if (this.#isDestroyed) return;
    const ad = records.flatMap((r) => r.ads).find((a) => a.adType === 'linear');
    if (!ad || ad.vpaid) return;
    const video = this.#layer.video;
    const media = pickMediaFile(
      ad.mediaFileList,
      video,
      this.#host.options.vastTimeout,
      this.#host.early?.checks,
    );
    this.#firstMedia = { ad, media };
    // The likeliest file starts loading while its check runs; the ad is accepted (shown and
    // tracked) only once the check passes, and another file or none replaces it otherwise.
    const likely = ad.mediaFileList.find(
      (m) => m.type.startsWith('video/') && video.canPlayType(m.type) !== '',
    );
    if (likely && !video.getAttribute('src')) {
      video.preload = 'auto';
      video.src = likely.src;
    }
    const file = await media;
    if (file && !this.#isDestroyed && !video.getAttribute('src')) video.src = file.src;
  }

  #ledger(ad: ParsedAd): TrackingLedger {
    let ledger = this.#ledgers.get(ad);
    if (!ledger) {
      ledger = createAdLedger(ad);
      this.#ledgers.set(ad, ledger);
    }
    return ledger;
  }

  #context(record: RollRecord, ad: ParsedAd): AdContext {
    return {
      layer: this.#layer,
      container: this.#host.container,
      content: this.#host.video,
      options: this.#host.options,
      record,
      ledger: this.#ledger(ad),
      onModeChange: this.#host.onModeChange,
      media: this.#firstMedia?.ad === ad ? this.#firstMedia.media : undefined,
      fail: (failed, code) => {
        logError(formatAdError(code));
        record.error = true;
        this.#ledger(failed).fire('error', failed.errorUrl, { ERRORCODE: code });
        callAdvanced(this.#host.options, 'noVastVideoCallback');
      },
    };
  }

  #pauseContent(): void {
    if (this.#host.video.paused) return;
    this.#isSelfPause = true;
    this.#host.video.pause();
  }

  #onContentPlay(): void {
    clearTimeout(this.#onPauseTimer);
    this.#onPause?.stop();
    if (this.#isBusy) {
      // Play keys and buttons of the player act on the ad while one runs.
      this.#pauseContent();
      this.#active?.togglePause();
      return;
    }
    if (!this.#isPreRollHandled) {
      this.#isPreRollHandled = true;
      this.#pauseContent();
      void this.#runRolls(
        this.#rolls.filter((r) => r.roll === 'preRoll' && !r.error),
        'preRoll',
      );
    }
  }

  #onContentPause(): void {
    if (this.#isSelfPause) {
      this.#isSelfPause = false;
      return;
    }
    const v = this.#host.video;
    const record = this.#rolls.find((r) => r.roll === 'onPauseRoll' && !r.error);
    if (!record || this.#isBusy || v.ended) return;
    clearTimeout(this.#onPauseTimer);
    this.#onPauseTimer = setTimeout(() => void this.#showOnPause(record), ON_PAUSE_DELAY_MS);
  }

  async #showOnPause(record: RollRecord): Promise<void> {
    await this.#load(record);
    const v = this.#host.video;
    const ad = record.ads.find((a) => a.adType === 'nonLinear');
    if (!ad || !v.paused || v.ended || this.#isBusy || this.#isDestroyed || this.#onPause) return;
    // Queued behind a non-linear ad that is showing; shown when it closes.
    if (this.#nonLinear) return;
    const show = ad.vpaid ? showVpaidNonLinear : showNonLinearAd;
    const run = show(ad, this.#context(record, ad), true);
    this.#onPause = run;
    void run.done.then(() => {
      this.#onPause = null;
      record.played = true;
    });
  }

  #onContentEnded(): void {
    const post = this.#rolls.filter((r) => r.roll === 'postRoll' && !r.error && !r.played);
    if (post.length > 0 && !this.#isBusy) void this.#runRolls(post, 'postRoll');
  }

  #tick(): void {
    const v = this.#host.video;
    if (this.#isBusy || this.#isDestroyed || !Number.isFinite(v.duration)) return;
    const t = v.currentTime;
    const timeout = this.#host.options.vastTimeout;
    for (const record of this.#rolls) {
      if (record.error || record.played) continue;
      if (record.roll === 'midRoll') {
        const at = this.#midTime(record, v.duration);
        if (at === null) continue;
        if (t >= vastLoadTime(at, timeout)) void this.#load(record);
        if (t >= at && !v.paused && this.#isPreRollHandled) {
          void this.#runRolls([record], 'midRoll');
          return;
        }
      } else if (record.roll === 'postRoll' && t >= vastLoadTime(v.duration, timeout)) {
        void this.#load(record);
      }
    }
  }

  #midTime(record: RollRecord, duration: number): number | null {
    if (!this.#midTimes.has(record.id)) {
      const at = record.timer ? midRollTime(record.timer, duration) : null;
      if (at === null) record.error = true;
      this.#midTimes.set(record.id, at);
    }
    return this.#midTimes.get(record.id) ?? null;
  }

  #drawMarkers(): void {
    const v = this.#host.video;
    if (!this.#host.options.showProgressbarMarkers || !Number.isFinite(v.duration)) return;
    const track = this.#host.container.querySelector('.cr-progress-track');
    if (!track || this.#markers.length > 0) return;
    for (const record of this.#rolls) {
      if (record.roll !== 'midRoll' || record.error) continue;
      const at = this.#midTime(record, v.duration);
      if (at === null) continue;
      const marker = document.createElement('div');
      marker.className = 'cr-ad-marker';
      marker.style.left = `${(at / v.duration) * 100}%`;
      marker.style.background = this.#host.options.adProgressColor;
      track.append(marker);
      this.#markers.push(marker);
    }
  }

  /** Plays the linear ads of `records` over the paused content, then resumes it. */
  async #runRolls(records: RollRecord[], roll: RollRecord['roll']): Promise<void> {
    this.#isBusy = true;
    // The core may have started the first pre-roll already; from here on this chunk runs it.
    this.#host.early?.takeOver();
    for (const record of records) record.played = true;
    const v = this.#host.video;
    await Promise.all(records.map((r) => this.#load(r)));
    if (this.#isDestroyed) return;
    const linear: [ParsedAd, RollRecord][] = [];
    let nonLinearCount = 0;
    for (const record of records) {
      for (const ad of record.ads) {
        if (ad.adType === 'linear') linear.push([ad, record]);
        else if (ad.adType === 'nonLinear') {
          nonLinearCount++;
          this.#queueNonLinear(ad, record);
        }
      }
    }
    if (roll === 'preRoll' && linear.length === 0 && nonLinearCount === 0) {
      logError(formatAdError(AdErrorCode.generic));
      callAdvanced(this.#host.options, 'noVastVideoCallback');
    }
    const saved = v.currentTime;
    if (linear.length > 0) this.#pauseContent();
    for (const [ad, record] of linear) {
      if (this.#isDestroyed) return;
      this.#roll = roll;
      this.#host.setAdPlaying(roll);
      const ctx = this.#context(record, ad);
      const run = ad.vpaid ? playVpaidAd(ad, ctx) : playLinearAd(ad, ctx);
      this.#active = run;
      await run.done;
      ad.played = true;
      this.#active = null;
    }
    this.#roll = null;
    this.#layer.reset();
    this.#layer.root.hidden = true;
    this.#host.setAdPlaying(null);
    this.#isBusy = false;
    if (this.#isDestroyed) return;
    if (roll === 'postRoll') return;
    if (linear.length > 0 && roll === 'midRoll')
      v.currentTime = resumePosition(roll, saved, v.duration);
    if (v.paused) void v.play().catch(() => {});
    this.#showNextNonLinear();
  }

  #queueNonLinear(ad: ParsedAd, record: RollRecord): void {
    this.#nonLinearQueue.push([ad, record]);
    if (!this.#isBusy) this.#showNextNonLinear();
  }

  #showNextNonLinear(): void {
    if (this.#nonLinear || this.#isDestroyed) return;
    const next = this.#nonLinearQueue.shift();
    if (!next) {
      // An on-pause ad waiting behind a banner comes up now.
      const pauseRoll = this.#rolls.find((r) => r.roll === 'onPauseRoll' && !r.error);
      if (pauseRoll && this.#host.video.paused && !this.#host.video.ended)
        void this.#showOnPause(pauseRoll);
      return;
    }
    const [ad, record] = next;
    const run = (ad.vpaid ? showVpaidNonLinear : showNonLinearAd)(ad, this.#context(record, ad));
    this.#nonLinear = run;
    void run.done.then(() => {
      ad.played = true;
      this.#nonLinear = null;
      this.#showNextNonLinear();
    });
  }
}
