// Plays one linear ad in the overlay: checks the media file, plays it with the 5 s play
// timeout, shows skip/CTA/text/clickthrough and fires its tracking events once each.
import { checkMediaFile, isPlayableType } from '../../controllers/early-ad.ts';
import { formatTime } from '../../dom.ts';
import type { AdContext, AdOutcome, AdRun } from './ad-context.ts';
import { callAdvanced, sizeEvent } from './ad-context.ts';
import { AdErrorCode, PLAY_TIMEOUT_MS } from './constants.ts';
import type { AdMediaFile, ParsedAd } from './parsed-ad.ts';
import { reachedEvents } from './tracking.ts';
import { watchViewability } from './viewability.ts';

/**
 * The first media file whose fetch answers with a video content type that the browser can
 * play; null when there is none (error 403). `checks` holds answers the core already has.
 */
export async function pickMediaFile(
  files: AdMediaFile[],
  video: HTMLVideoElement,
  timeoutMs: number,
  checks?: Map<string, Promise<boolean>>,
): Promise<AdMediaFile | null> {
  for (const file of files) {
    if (!isPlayableType(file.type, video)) continue;
    const check = checks?.get(file.src) ?? checkMediaFile(file.src, video, timeoutMs);
    if (await check) return file;
  }
  return null;
}

/** Starts a linear ad; the run settles when it ends, is skipped or fails. */
export function playLinearAd(ad: ParsedAd, ctx: AdContext): AdRun {
  const { layer, options, record, ledger } = ctx;
  const video = layer.video;
  const cleanups: (() => void)[] = [];
  let settle: (outcome: AdOutcome) => void = () => {};
  let finished = false;
  const done = new Promise<AdOutcome>((resolve) => {
    settle = (outcome) => {
      if (finished) return;
      finished = true;
      for (const cleanup of cleanups) cleanup();
      video.pause();
      resolve(outcome);
    };
  });
  const listen = (target: EventTarget, type: string, handler: (e: Event) => void): void => {
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };
  const fail = (code: number): void => {
    if (finished) return;
    ctx.fail(ad, code);
    settle('failed');
  };
  const duration = (): number =>
    Number.isFinite(video.duration) && video.duration > 0 ? video.duration : ad.duration;

  // The first pre-roll's file may be loading already (AdsManager picked it ahead of the play).
  const media = ctx.media ?? pickMediaFile(ad.mediaFileList, video, options.vastTimeout);
  layer.reset(ctx.media ? video.src : null);
  layer.root.hidden = false;
  video.muted = ctx.content.muted;
  video.volume = ctx.content.volume;
  layer.setMuted(video.muted);

  // Ad text, call-to-action and clickthrough.
  if (record.adText) {
    layer.text.textContent = record.adText;
    layer.setCorner(layer.text, record.adTextPosition);
    layer.text.hidden = false;
  }
  const ctaLink = ad.titleCTA?.link ?? ad.clickthroughUrl;
  if (ctaLink && options.adCTAText !== false) {
    const desktop = ad.titleCTA?.text ?? String(options.adCTAText);
    const mobile = ad.titleCTA?.mobileText ?? null;
    layer.cta.replaceChildren();
    const d = document.createElement('span');
    d.className = 'cr-ad-cta-desktop';
    d.textContent = desktop;
    layer.cta.append(d);
    if (mobile) {
      const m = document.createElement('span');
      m.className = 'cr-ad-cta-mobile';
      m.textContent = mobile;
      layer.cta.append(m);
    }
    layer.cta.classList.toggle('cr-desktop-only', !mobile);
    layer.setCorner(layer.cta, record.adCTATextPosition);
    layer.cta.hidden = false;
  }
  const openLanding = (url: string | null, extra: string[] = []): void => {
    if (!url) return;
    window.open(url, '_blank', 'noopener');
    ledger.fire('click', ad.clicktracking);
    if (extra.length) ledger.fire('titleCTA', extra);
    video.pause();
  };
  if (record.adClickable && ad.clickthroughUrl) {
    layer.click.hidden = false;
    listen(layer.click, 'click', () => openLanding(ad.clickthroughUrl));
  }
  listen(layer.cta, 'click', () => openLanding(ctaLink, ad.titleCTA?.tracking ?? []));

  // Skip button: disabled with a countdown until skipoffset, then a skip link.
  const updateSkip = (): void => {
    if (ad.skipoffset === null) return;
    const left = Math.ceil(ad.skipoffset - video.currentTime);
    layer.skip.hidden = false;
    if (left > 0) {
      layer.skip.disabled = true;
      layer.skip.classList.add('skip_button_disabled');
      layer.skip.textContent = options.skipButtonCaption.replace('[seconds]', String(left));
    } else {
      layer.skip.disabled = false;
      layer.skip.classList.remove('skip_button_disabled');
      layer.skip.textContent = options.skipButtonClickCaption;
    }
  };
  listen(layer.skip, 'click', () => {
    if (layer.skip.disabled) return;
    ledger.fire('skip', ad.tracking.skip);
    callAdvanced(options, 'vastVideoSkippedCallback');
    settle('skipped');
  });

  // Controls of the ad.
  listen(layer.playButton, 'click', () => togglePause());
  // The viewer's sound choice is the content's too: it stays after the ad.
  listen(layer.muteButton, 'click', () => {
    video.muted = !video.muted;
    ctx.content.muted = video.muted;
  });

  let started = false;
  let lastTime = 0;
  const onTime = (): void => {
    const t = video.currentTime;
    const d = duration();
    if (started && t < lastTime - 1) ledger.fire('rewind', ad.tracking.rewind);
    lastTime = t;
    for (const name of reachedEvents(t, d, ad.tracking)) ledger.fire(name, ad.tracking[name]);
    layer.progressFill.style.width = d > 0 ? `${Math.min(100, (t / d) * 100)}%` : '0';
    layer.label.textContent = `Ad · ${formatTime(Math.max(0, d - t))}`;
    updateSkip();
  };
  listen(video, 'timeupdate', onTime);
  const onPlaying = (): void => {
    if (started) return;
    started = true;
    ledger.fire('impression', ad.impression);
    ledger.fire('creativeView', ad.tracking.creativeView);
    cleanups.push(
      watchViewability(ctx.container, () => ledger.fire('viewImpression', ad.viewImpression)),
    );
  };
  listen(video, 'playing', onPlaying);
  listen(video, 'pause', () => {
    layer.setPlaying(false);
    if (started && !video.ended && !finished) ledger.fire('pause', ad.tracking.pause);
  });
  listen(video, 'play', () => {
    layer.setPlaying(true);
    if (ledger.has('pause')) ledger.fire('resume', ad.tracking.resume);
  });
  listen(video, 'volumechange', () => {
    layer.setMuted(video.muted);
    // Only the viewer's changes count, not the state copied from the content at start.
    if (started)
      ledger.fire(video.muted ? 'mute' : 'unmute', ad.tracking[video.muted ? 'mute' : 'unmute']);
  });
  const onEnded = (): void => {
    const d = duration();
    for (const name of reachedEvents(d, d, ad.tracking)) ledger.fire(name, ad.tracking[name]);
    callAdvanced(options, 'vastVideoEndedCallback');
    settle('ended');
  };
  listen(video, 'ended', onEnded);
  listen(video, 'error', () => fail(AdErrorCode.unsupportedMedia));
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

  // The core may have started the first pre-roll before this chunk arrived.
  if (ctx.media && video.getAttribute('src')) {
    if (video.error) fail(AdErrorCode.unsupportedMedia);
    else if (video.ended) {
      onPlaying();
      onEnded();
    } else if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) onPlaying();
  }

  const togglePause = (): void => {
    if (finished || !started) return;
    if (video.paused) void video.play().catch(() => {});
    else video.pause();
  };

  void (async () => {
    const file = await media;
    if (finished) return;
    if (!file) return fail(AdErrorCode.unsupportedMedia);
    if (video.src !== file.src) video.src = file.src;
    updateSkip();
    let promise: Promise<void> | undefined;
    try {
      promise = video.play();
    } catch {
      return fail(AdErrorCode.playFailed);
    }
    const timer = setTimeout(() => {
      if (!started) fail(AdErrorCode.playTimeout);
    }, PLAY_TIMEOUT_MS);
    cleanups.push(() => clearTimeout(timer));
    promise?.catch((error: unknown) => {
      if ((error as Error)?.name !== 'AbortError') fail(AdErrorCode.playRejected);
    });
  })();

  return { done, togglePause, stop: () => settle('skipped') };
}
