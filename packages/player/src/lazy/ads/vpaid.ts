// The VPAID bridge: the creative's script runs in its own iframe (its own globals, so it
// cannot clobber the page's), with a slot and a video slot of its own. The handshake must
// answer 2.0 or later (403 otherwise) and the ad must load within 3000 ms (901 otherwise).
import type { AdContext, AdOutcome, AdRun } from './ad-context.ts';
import { callAdvanced } from './ad-context.ts';
import { AdErrorCode, VPAID_INIT_TIMEOUT_MS, VPAID_MIN_VERSION } from './constants.ts';
import type { ParsedAd } from './parsed-ad.ts';

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
  unsubscribe(callback: (...args: unknown[]) => void, event: string): void;
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

/** Runs a VPAID linear ad in the overlay. */
export function playVpaidAd(ad: ParsedAd, ctx: AdContext): AdRun {
  const { layer, ledger } = ctx;
  let finished = false;
  let vpaid: VpaidAd | null = null;
  let paused = false;
  let initTimer: ReturnType<typeof setTimeout> | undefined;
  const iframe = document.createElement('iframe');
  let settle: (o: AdOutcome) => void = () => {};
  const done = new Promise<AdOutcome>((resolve) => {
    settle = (outcome) => {
      if (finished) return;
      finished = true;
      clearTimeout(initTimer);
      iframe.remove();
      layer.video.hidden = false;
      resolve(outcome);
    };
  });
  const fail = (code: number): void => {
    if (finished) return;
    ctx.fail(ad, code);
    settle('failed');
  };

  layer.reset();
  layer.root.hidden = false;
  layer.video.hidden = true;
  iframe.className = 'cr-ad-vpaid';
  iframe.title = 'Advertisement';
  iframe.srcdoc =
    '<!doctype html><html><body style="margin:0;background:#000;overflow:hidden">' +
    '<div id="slot" style="position:absolute;inset:0"></div>' +
    '<video id="video" playsinline style="position:absolute;inset:0;width:100%;height:100%"></video>' +
    '</body></html>';
  layer.root.insertBefore(iframe, layer.video.nextSibling);

  const file = ad.mediaFileList.find((m) => /vpaid/i.test(m.apiFramework ?? ''));
  const handlers: Record<string, (...args: unknown[]) => void> = {
    AdLoaded: () => {
      clearTimeout(initTimer);
      vpaid!.setAdVolume(ctx.content.muted ? 0 : ctx.content.volume);
      vpaid!.startAd();
    },
    AdImpression: () => {
      ledger.fire('impression', ad.impression);
      ledger.fire('creativeView', ad.tracking.creativeView);
    },
    AdPaused: () => {
      paused = true;
      ledger.fire('pause', ad.tracking.pause);
    },
    AdPlaying: () => {
      paused = false;
      if (ledger.has('pause')) ledger.fire('resume', ad.tracking.resume);
    },
    AdVolumeChange: () => {
      const muted = vpaid!.getAdVolume() === 0;
      ledger.fire(muted ? 'mute' : 'unmute', ad.tracking[muted ? 'mute' : 'unmute']);
    },
    AdClickThru: (url, _id, playerHandles) => {
      ledger.fire('click', ad.clicktracking);
      const target = (typeof url === 'string' && url) || ad.clickthroughUrl;
      if (playerHandles && target) window.open(target, '_blank', 'noopener');
    },
    AdSkipped: () => {
      ledger.fire('skip', ad.tracking.skip);
      callAdvanced(ctx.options, 'vastVideoSkippedCallback');
      settle('skipped');
    },
    AdUserClose: () => ledger.fire('close', ad.tracking.close ?? ad.tracking.closeLinear),
    AdStopped: () => {
      callAdvanced(ctx.options, 'vastVideoEndedCallback');
      settle('ended');
    },
    AdError: () => fail(AdErrorCode.unsupportedMedia),
  };
  for (const [event, name] of Object.entries(QUARTILES)) {
    handlers[event] = () => ledger.fire(name, ad.tracking[name]);
  }

  const start = (): void => {
    const win = iframe.contentWindow as (Window & { getVPAIDAd?: () => VpaidAd }) | null;
    const doc = iframe.contentDocument;
    if (!file || !win || !doc) return fail(AdErrorCode.unsupportedMedia);
    const script = doc.createElement('script');
    script.src = new URL(file.src, location.href).href;
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
        const rect = layer.root.getBoundingClientRect();
        vpaid.initAd(
          rect.width,
          rect.height,
          'normal',
          -1,
          { AdParameters: ad.adParameters },
          {
            slot: doc.getElementById('slot')!,
            videoSlot: doc.getElementById('video') as HTMLVideoElement,
            videoSlotCanAutoPlay: true,
          },
        );
      } catch {
        fail(AdErrorCode.unsupportedMedia);
      }
    };
    doc.body.append(script);
  };
  iframe.addEventListener('load', start, { once: true });

  return {
    done,
    togglePause: () => {
      if (!vpaid || finished) return;
      if (paused) vpaid.resumeAd();
      else vpaid.pauseAd();
    },
    stop: () => {
      try {
        vpaid?.stopAd();
      } catch {
        // The creative is going away anyway.
      }
      settle('skipped');
    },
  };
}
