'use client';

import { useLayoutEffect } from 'react';
import { themeOfCookies } from './theme';

/**
 * Refusal pages (401, 403) are drawn by Next.js in the browser, without the head script that
 * sets the chosen theme: the theme cookie is applied here before the page is painted.
 */
export function ThemeFromCookie() {
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = themeOfCookies(document.cookie);
  }, []);
  return null;
}
