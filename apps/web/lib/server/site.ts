import { loadConfig, type Config } from '@cutroom/core/platform/config/config';
import { CATEGORIES } from '@cutroom/core/platform/db/schema';
import type { AdSettings, VideoAdSettings } from '../ads/ad-settings';
import { CATEGORY_NAMES } from '../category-names';

export { CATEGORY_NAMES };

export const categories = CATEGORIES.map((id) => ({ id, name: CATEGORY_NAMES[id] }));

/** Listing pages named in the top navigation. */
export const NAV_LINKS = [
  { href: '/browse', label: 'Browse' },
  { href: '/popular', label: 'Popular' },
  { href: '/trending', label: 'Trending' },
  { href: '/discover', label: 'Discover' },
  { href: '/shorts', label: 'Shorts' },
  { href: '/live', label: 'Live' },
  { href: '/random', label: 'Random' },
  { href: '/events', label: 'Events' },
] as const;

let processConfig: Config | undefined;

/**
 * The configuration, read from the environment at the first request and kept: the environment
 * does not change while the process runs, and checking it again on every render cost a video
 * page about 4 % of its time.
 */
const settings = () => (processConfig ??= loadConfig());

/** Settings pages show, read from the environment. */
export function siteSettings() {
  const config = settings();
  return {
    siteName: config.SITE_NAME,
    operatorName: config.OPERATOR_NAME,
    operatorEmail: config.OPERATOR_EMAIL,
    operatorAddress: config.OPERATOR_ADDRESS,
    ad: { url: config.AD_URL, text: config.AD_TEXT, cta: config.AD_CTA_TEXT },
    banner: { url: config.AD_BANNER_URL, text: config.AD_BANNER_TEXT },
    buildPollSeconds: config.BUILD_POLL_SECONDS,
    ads: adSettings(config),
  };
}

/** The client's view of the advertising configuration (docs/ads.md). */
function adSettings(config: Config): AdSettings {
  const host = config.ADS_POPUNDER_HOST;
  const zone = config.ADS_POPUNDER_ZONE;
  return {
    popunder:
      host && zone
        ? {
            linkUrl: new URL(config.ADS_POPUNDER_PATH, host).toString(),
            zone,
            subIds: config.ADS_POPUNDER_SUB_IDS.split(',')
              .map((id) => id.trim())
              .filter(Boolean),
            visitorCheckUrl: config.ADS_VISITOR_CHECK_URL ?? null,
            maxOpens: config.ADS_POPUNDER_MAX_OPENS,
            periodMs: config.ADS_POPUNDER_PERIOD_MINUTES * 60_000,
            armMs: config.ADS_POPUNDER_ARM_MS,
            redirectMs: config.ADS_POPUNDER_REDIRECT_MS,
          }
        : null,
    popunderScriptUrl: config.ADS_POPUNDER_SCRIPT_URL ?? null,
    analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL ?? null,
    webFontStylesheetUrl: config.WEB_FONT_STYLESHEET_URL ?? null,
    outsideTagsSkipSupporters: config.OUTSIDE_TAGS_SKIP_SUPPORTERS,
  };
}

/** The VAST tags of the site's own videos, played to non-supporters (docs/ads.md). */
export function videoAdSettings(): VideoAdSettings | null {
  const config = settings();
  if (!config.ADS_VAST_PREROLL_TAG && !config.ADS_VAST_MIDROLL_TAG) return null;
  return {
    prerollTag: config.ADS_VAST_PREROLL_TAG ?? null,
    midrollTag: config.ADS_VAST_MIDROLL_TAG ?? null,
    midrollTime: config.ADS_VAST_MIDROLL_TIME,
  };
}
