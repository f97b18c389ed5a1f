// The site's colour themes. Dark is the default; light, or the system's setting
// (prefers-color-scheme), is chosen in the footer and kept in a cookie.

/** The cookie holding the chosen theme; none means dark. */
export const THEME_COOKIE = 'theme';

export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_NAMES: Record<Theme, string> = {
  dark: 'Dark',
  light: 'Light',
  system: 'Same as the system',
};

/** The theme a cookie header (or `document.cookie`) names, dark when none or unknown. */
export function themeOfCookies(cookies: string | null | undefined): Theme {
  const match = /(?:^|;\s*)theme=(light|system|dark)(?:;|$)/.exec(cookies ?? '');
  return (match?.[1] as Theme | undefined) ?? 'dark';
}

/**
 * Runs in <head> before the body is drawn: sets the chosen theme on <html> from the cookie, so
 * a page served from the shared page cache (the same bytes for every visitor) shows no flash of
 * the other theme. Kept tiny and free of member text.
 */
export const THEME_SCRIPT = `(function(){try{var m=/(?:^|;\\s*)theme=(light|system|dark)(?:;|$)/.exec(document.cookie);if(m)document.documentElement.dataset.theme=m[1]}catch(e){}})()`;
