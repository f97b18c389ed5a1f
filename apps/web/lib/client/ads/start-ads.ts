import type { AdSettings } from '../../ads/ad-settings';
import { startPopunder } from './popunder';

/** Adds a script once (by its address). */
function loadScript(src: string) {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

/** Adds a stylesheet once (by its address). */
function loadStylesheet(href: string) {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}

/**
 * Loaded on demand by the shell (components/shell/site-ads.tsx): `ads` once the reader is known
 * not to be a supporter, `outsideTags` then too (or at once when supporters get them as well).
 * Answers a stop function for the pop-under's listeners.
 */
export function startAds(settings: AdSettings, what: { ads: boolean; outsideTags: boolean }) {
  if (what.outsideTags) {
    if (settings.analyticsScriptUrl) loadScript(settings.analyticsScriptUrl);
    if (settings.webFontStylesheetUrl) loadStylesheet(settings.webFontStylesheetUrl);
  }
  if (!what.ads) return () => undefined;
  if (settings.popunderScriptUrl) {
    loadScript(settings.popunderScriptUrl);
    return () => undefined;
  }
  return settings.popunder ? startPopunder(settings.popunder) : () => undefined;
}
