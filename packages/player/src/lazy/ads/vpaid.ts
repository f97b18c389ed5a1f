// The VPAID bridge: the creative's script runs in its own iframe (its own globals, so it
// cannot clobber the page's), with a slot and a video slot of its own. The handshake must
// answer 2.0 or later (403 otherwise) and the ad must load within 3000 ms (901 otherwise).
// Linear creatives cover the player in the ad layer; non-linear ones sit in a banner over the
// playing content, like a static non-linear ad.
import type { AdContext, AdOutcome, AdRun } from './ad-context.ts';
import { callAdvanced, sizeEvent } from './ad-context.ts';
import {
  AdErrorCode,
  CLOSE_CAPTION,
  NON_LINEAR_DEFAULT_MAX,
  VPAID_INIT_TIMEOUT_MS,
  VPAID_MIN_VERSION,
} from './constants.ts';
import { nonLinearDuration } from './non-linear-ad.ts';
import type { ParsedAd } from './parsed-ad.ts';
import { watchViewability } from './viewability.ts';

/** The part of the VPAID 2.0 interface the bridge calls. */
interface VpaidAd {
  handshakeVersion(version: string): string;
  initAd(
    width: number,
    height: number,
    viewMode: string,
    desiredBitrate: number,
    creativeData: { AdParameters: string },
    environmentVars: {
      slot: HTMLElement;
      videoSlot: HTMLVideoElement;
      videoSlotCanAutoPlay: boolean;
    },
  ): void;
  startAd(): void;
  stopAd(): void;
  pauseAd(): void;
  resumeAd(): void;
  setAdVolume(volume: number): void;
  getAdVolume(): number;
  subscribe(callback: (...args: unknown[]) => void, event: string, context?: unknown): void;
  unsubscribe(callback: unknown, event?: string): void;
}

/** True when a handshake answer is a version of at least 2.0. */
export function isSupportedVpaidVersion(version: unknown): boolean {
  const major = Number.parseFloat(String(version));
  return Number.isFinite(major) && major >= VPAID_MIN_VERSION;
}

const QUARTILES: Record<string, string> = {
  AdVideoStart: 'start',
  AdVideoFirstQuartile: 'firstQuartile',
  AdVideoMidpoint: 'midpoint',
  AdVideoThirdQuartile: 'thirdQuartile',
  AdVideoComplete: 'complete',
};

const FRAME_HTML =
  '<!doctype html><html><body style="margin:0;background:transparent;overflow:hidden">' +
  '<div id="slot" class="fluid_vpaid_slot" style="position:absolute;inset:0"></div>' +
  '<video id="video" playsinline style="position:absolute;inset:0;width:100%;height:100%"></video>' +
  '</body></html>';

interface CreativeRun {
  done: Promise<AdOutcome>;
  settle(outcome: AdOutcome): void;
  vpaid(): VpaidAd | null;
  /** The creative's own video element. */
  videoSlot(): HTMLVideoElement | null;
  onCleanup(cleanup: () => void): void;
}

/**
 * Loads a VPAID creative into `iframe` (already in the page) and wires the events every VPAID
 * ad shares: impression (with the viewable impression), quartiles, click, close and stop.
 */
function runCreative(
  ad: ParsedAd,
  ctx: AdContext,
  iframe: HTMLIFrameElement,
  extra: Record<string, (vpaid: VpaidAd, ...args: unknown[]) => void>,
  beforeInit: () => void = () => {},
): CreativeRun {
  const { ledger } = ctx;
  let finished = false;
  let vpaid: VpaidAd | null = null;
  let videoSlot: HTMLVideoElement | null = null;
  let initTimer: ReturnType<typeof setTimeout> | undefined;
  const cleanups: (() => void)[] = [];
  let settle: (o: AdOutcome) => void = () => {};
  const done = new Promise<AdOutcome>((resolve) => {
    settle = (outcome) => {
      if (finished) return;
      finished = true;
      clearTimeout(initTimer);
      for (const cleanup of cleanups) cleanup();
      // The creative may still call back from its own timers: it no longer reaches the player.
      for (const [event, handler] of Object.entries(handlers)) {
        try {
          vpaid?.unsubscribe(handler, event);
        } catch {
          // An incomplete creative: its iframe goes anyway.
        }
      }
      iframe.remove();
      resolve(outcome);
    };
  });
  const fail = (code: number): void => {
    if (finished) return;
    ctx.fail(ad, code);
    settle('failed');
  };
  const guard =
    (fn: (vpaid: VpaidAd, ...args: unknown[]) => void) =>
    (...args: unknown[]): void => {
      if (!finished && vpaid) fn(vpaid, ...args);
    };
  const handlers: Record<string, (...args: unknown[]) => void> = {
    AdLoaded: guard((v) => {
      clearTimeout(initTimer);
      v.startAd();
    }),
    AdImpression: guard(() => {
      if (!ledger.fire('impression', ad.impression)) return;
      ledger.fire('creativeView', ad.tracking.creativeView);
      cleanups.push(
        watchViewability(ctx.container, () => ledger.fire('viewImpression', ad.viewImpression)),
      );
    }),
    AdClickThru: guard((_v, url, _id, playerHandles) => {
      ledger.fire('click', ad.clicktracking);
      const target = (typeof url === 'string' && url.trim()) || ad.clickthroughUrl;
      if (playerHandles !== false && target) window.open(target, '_blank', 'noopener');
    }),
    AdSkipped: guard(() => {
      ledger.fire('skip', ad.tracking.skip);
      callAdvanced(ctx.options, 'vastVideoSkippedCallback');
      settle('skipped');
    }),
    AdUserClose: guard(() => {
      ledger.fire('close', ad.tracking.close ?? ad.tracking.closeLinear);
      settle('skipped');
    }),
    AdStopped: guard(() => settle('ended')),
    AdError: guard(() => fail(AdErrorCode.unsupportedMedia)),
  };
  for (const [event, name] of Object.entries(QUARTILES)) {
    handlers[event] = guard(() => ledger.fire(name, ad.tracking[name]));
  }
  for (const [event, fn] of Object.entries(extra)) {
    const shared = handlers[event];
    handlers[event] = guard((v, ...args) => {
      fn(v, ...args);
      shared?.(...args);
    });
  }
  cleanups.push(
    ctx.onModeChange((from, to) => {
      const event = sizeEvent(from, to);
      if (event)
        ledger.fire(
          event,
          ad.tracking[event] ?? ad.tracking[`player${event[0]!.toUpperCase()}${event.slice(1)}`],
        );
    }),
  );

  const file =
    ad.adType === 'nonLinear'
      ? ad.staticResource
      : ad.mediaFileList.find((m) => /vpaid/i.test(m.apiFramework ?? ''))?.src;
  const start = (): void => {
    const win = iframe.contentWindow as (Window & { getVPAIDAd?: () => VpaidAd }) | null;
    const doc = iframe.contentDocument;
    if (finished) return;
    if (!file || !win || !doc) return fail(AdErrorCode.unsupportedMedia);
    const script = doc.createElement('script');
    script.src = new URL(file, location.href).href;
    script.onerror = () => fail(AdErrorCode.unsupportedMedia);
    script.onload = () => {
      if (finished) return;
      try {
        vpaid = win.getVPAIDAd?.() ?? null;
        if (!vpaid || !isSupportedVpaidVersion(vpaid.handshakeVersion('2.0'))) {
          return fail(AdErrorCode.unsupportedMedia);
        }
        for (const [event, handler] of Object.entries(handlers)) vpaid.subscribe(handler, event);
        initTimer = setTimeout(() => fail(AdErrorCode.adTimeout), VPAID_INIT_TIMEOUT_MS);
        videoSlot = doc.getElementById('video') as HTMLVideoElement;
        beforeInit();
        const rect = iframe.getBoundingClientRect();
        vpaid.initAd(
          Math.round(rect.width),
          Math.round(rect.height),
          'normal',
          -1,
          { AdParameters: ad.adParameters },
          { slot: doc.getElementById('slot')!, videoSlot, videoSlotCanAutoPlay: true },
        );
      } catch {
        fail(AdErrorCode.unsupportedMedia);
      }
    };
    doc.body.append(script);
  };
  iframe.srcdoc = FRAME_HTML;
  iframe.addEventListener('load', start, { once: true });
  return {
    done,
    settle: (outcome) => settle(outcome),
    vpaid: () => vpaid,
    videoSlot: () => videoSlot,
    onCleanup: (cleanup) => cleanups.push(cleanup),
  };
}

/** Runs a VPAID linear ad in the overlay. */
export function playVpaidAd(ad: ParsedAd, ctx: AdContext): AdRun {
  const { layer, ledger, content } = ctx;
  let paused = false;
  const iframe = document.createElement('iframe');
  iframe.className = 'cr-ad-vpaid';
  iframe.title = 'Advertisement';
  layer.reset();
  layer.root.hidden = false;
  layer.video.hidden = true;
  layer.setMuted(content.muted);
  layer.root.insertBefore(iframe, layer.video.nextSibling);

  /** The viewer's sound setting is the content's: applied to the creative and kept after it. */
  const applySound = (vpaid: VpaidAd | null): void => {
    const slot = run.videoSlot();
    if (slot) {
      slot.muted = content.muted;
      slot.volume = content.volume;
    }
    layer.setMuted(content.muted);
    vpaid?.setAdVolume(content.muted ? 0 : content.volume);
  };
  const run = runCreative(
    ad,
    ctx,
    iframe,
    {
      AdLoaded: (v) => applySound(v),
      AdPaused: () => {
        paused = true;
        layer.setPlaying(false);
        ledger.fire('pause', ad.tracking.pause);
      },
      AdPlaying: () => {
        paused = false;
        layer.setPlaying(true);
        if (ledger.has('pause')) ledger.fire('resume', ad.tracking.resume);
      },
      AdStopped: () => callAdvanced(ctx.options, 'vastVideoEndedCallback'),
    },
    () => applySound(null),
  );
  const onMute = (): void => {
    content.muted = !content.muted;
    if (!content.muted && content.volume === 0) content.volume = 0.5;
    applySound(run.vpaid());
    const muted = content.muted;
    ledger.fire(muted ? 'mute' : 'unmute', ad.tracking[muted ? 'mute' : 'unmute']);
  };
  const onPlay = (): void => togglePause();
  layer.muteButton.addEventListener('click', onMute);
  layer.playButton.addEventListener('click', onPlay);
  run.onCleanup(() => {
    layer.muteButton.removeEventListener('click', onMute);
    layer.playButton.removeEventListener('click', onPlay);
    layer.video.hidden = false;
  });
  const togglePause = (): void => {
    const vpaid = run.vpaid();
    if (!vpaid) return;
    if (paused) vpaid.resumeAd();
    else vpaid.pauseAd();
  };
  return {
    done: run.done,
    togglePause,
    stop: () => {
      try {
        run.vpaid()?.stopAd();
      } catch {
        // The creative is going away anyway.
      }
      run.settle('skipped');
    },
  };
}

/**
 * Shows a VPAID non-linear ad: the creative draws in a banner frame over the playing content
 * (at the roll's vAlign, or the middle for an on-pause ad), with a Close button; it is stopped
 * after its duration like a static banner.
 */
export function showVpaidNonLinear(ad: ParsedAd, ctx: AdContext, centred = false): AdRun {
  const { record, ledger } = ctx;
  const limit = record.size ?? NON_LINEAR_DEFAULT_MAX;
  const width = Math.min(limit.width, ad.dimension.width || limit.width);
  const height = Math.min(limit.height, ad.dimension.height || limit.height);
  const vAlign = centred ? 'middle' : record.vAlign;
  const banner = document.createElement('div');
  banner.className = `cr-ad-banner cr-v-${vAlign} fluid_vpaidNonLinear_${vAlign}`;
  banner.id = `fluid_vpaidNonLinear_${ad.id}`;
  const iframe = document.createElement('iframe');
  iframe.className = 'cr-ad-vpaid-banner fluid_vpaidNonLinear_frame';
  iframe.title = 'Advertisement';
  iframe.width = String(width);
  iframe.height = String(height);
  iframe.style.border = '0';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'cr-ad-banner-close close_button';
  close.textContent = CLOSE_CAPTION;
  banner.append(iframe, close);
  ctx.container.append(banner);

  const seconds = nonLinearDuration(record.nonLinearDuration, ad.minSuggestedDuration);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = runCreative(ad, ctx, iframe, {
    AdStarted: () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop('ended'), seconds * 1000);
    },
    // A creative that turns linear asks for the content to pause (VPAID 2.0 AdLinearChange).
    AdLinearChange: () => ctx.content.pause(),
  });
  run.onCleanup(() => {
    clearTimeout(timer);
    banner.remove();
  });
  const stop = (outcome: AdOutcome): void => {
    try {
      run.vpaid()?.stopAd();
    } catch {
      // Going away anyway.
    }
    run.settle(outcome);
  };
  close.addEventListener('click', () => {
    ledger.fire('close', ad.tracking.close ?? ad.tracking.closeLinear);
    stop('skipped');
  });
  return { done: run.done, togglePause: () => {}, stop: () => stop('skipped') };
}
