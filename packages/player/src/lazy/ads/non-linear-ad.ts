// A non-linear (overlay) ad: a static image banner over the playing content, closed after its
// duration or by its 'Close' button; tracking polled every 400 ms.
import type { AdContext, AdRun, AdOutcome } from './ad-context.ts';
import {
  AdErrorCode,
  CLOSE_CAPTION,
  NON_LINEAR_DEFAULT_DURATION_S,
  NON_LINEAR_DEFAULT_MAX,
  NON_LINEAR_POLL_MS,
  NON_LINEAR_TYPES,
} from './constants.ts';
import type { ParsedAd } from './parsed-ad.ts';
import { reachedEvents } from './tracking.ts';

/** Seconds the banner stays up: the entry's nonLinearDuration, the VAST's suggestion, or 15. */
export function nonLinearDuration(entrySeconds: number | null, suggested: number): number {
  return entrySeconds ?? (suggested > 0 ? suggested : NON_LINEAR_DEFAULT_DURATION_S);
}

/** Shows a non-linear ad; the run settles when it is closed or fails. */
export function showNonLinearAd(ad: ParsedAd, ctx: AdContext, centred = false): AdRun {
  const { record, ledger } = ctx;
  let finished = false;
  let settle: (o: AdOutcome) => void = () => {};
  const banner = document.createElement('div');
  let timer: ReturnType<typeof setInterval> | undefined;
  const done = new Promise<AdOutcome>((resolve) => {
    settle = (outcome) => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      banner.remove();
      resolve(outcome);
    };
  });
  if (!ad.staticResource || !NON_LINEAR_TYPES.includes(ad.creativeType ?? '')) {
    ctx.fail(ad, AdErrorCode.nonLinearUnsupported);
    settle('failed');
    return { done, togglePause: () => {}, stop: () => {} };
  }
  const limit = record.size ?? NON_LINEAR_DEFAULT_MAX;
  const vAlign = centred ? 'middle' : record.vAlign;
  banner.className = `cr-ad-banner cr-v-${vAlign} fluid_nonLinear_${vAlign}`;
  banner.id = `fluid_nonLinear_${ad.id}`;
  banner.hidden = true;
  const image = document.createElement('img');
  image.alt = 'Advertisement';
  image.id = `fluid_nonLinear_imgCreative_${ad.id}_${ctx.content.id}`;
  image.style.maxWidth = `${Math.min(limit.width, ad.dimension.width || limit.width)}px`;
  image.style.maxHeight = `${Math.min(limit.height, ad.dimension.height || limit.height)}px`;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'cr-ad-banner-close close_button';
  close.textContent = CLOSE_CAPTION;
  banner.append(image, close);
  ctx.container.append(banner);

  const seconds = nonLinearDuration(record.nonLinearDuration, ad.minSuggestedDuration);
  image.addEventListener('error', () => {
    if (finished) return;
    ctx.fail(ad, AdErrorCode.nonLinearImageFailed);
    settle('failed');
  });
  image.addEventListener('load', () => {
    if (finished) return;
    banner.hidden = false;
    ledger.fire('impression', ad.impression);
    ledger.fire('creativeView', ad.tracking.creativeView);
    const shownAt = performance.now();
    const poll = (): void => {
      const elapsed = (performance.now() - shownAt) / 1000;
      for (const name of reachedEvents(Math.min(elapsed, seconds), seconds, ad.tracking)) {
        ledger.fire(name, ad.tracking[name]);
      }
      if (elapsed >= seconds) settle('ended');
    };
    timer = setInterval(poll, NON_LINEAR_POLL_MS);
  });
  image.addEventListener('click', () => {
    if (!ad.clickthroughUrl) return;
    window.open(ad.clickthroughUrl, '_blank', 'noopener');
    ledger.fire('click', ad.clicktracking);
    ctx.content.pause();
  });
  close.addEventListener('click', () => {
    ledger.fire('close', ad.tracking.close ?? ad.tracking.closeLinear);
    settle('skipped');
  });
  image.src = ad.staticResource;
  return { done, togglePause: () => {}, stop: () => settle('skipped') };
}
