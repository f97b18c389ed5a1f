import { loadConfig } from '@cutroom/core/config/config';
import { CATEGORIES } from '@cutroom/core/db/schema';
import { CATEGORY_NAMES } from './category-names';

export { CATEGORY_NAMES };

export const categories = CATEGORIES.map((id) => ({ id, name: CATEGORY_NAMES[id] }));

/** Listing pages named in the top navigation. */
export const NAV_LINKS = [
  { href: '/browse', label: 'Browse' },
  { href: '/popular', label: 'Popular' },
  { href: '/trending', label: 'Trending' },
  { href: '/discover', label: 'Discover' },
  { href: '/random', label: 'Random' },
] as const;

/** Settings pages show, read from the environment at request time. */
export function siteSettings() {
  const config = loadConfig();
  return {
    siteName: config.SITE_NAME,
    operatorName: config.OPERATOR_NAME,
    operatorEmail: config.OPERATOR_EMAIL,
    operatorAddress: config.OPERATOR_ADDRESS,
    ad: { url: config.AD_URL, text: config.AD_TEXT, cta: config.AD_CTA_TEXT },
    banner: { url: config.AD_BANNER_URL, text: config.AD_BANNER_TEXT },
    buildPollSeconds: config.BUILD_POLL_SECONDS,
  };
}
