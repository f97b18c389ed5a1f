'use client';

import { useEffect, useId, useState } from 'react';
import { THEME_COOKIE, THEME_NAMES, THEMES, themeOfCookies, type Theme } from './theme';

/** The footer's theme choice: applies at once and is kept in a cookie for a year. */
export function ThemeSwitch() {
  const id = useId();
  const [theme, setTheme] = useState<Theme>('dark');
  useEffect(() => setTheme(themeOfCookies(document.cookie)), []);
  const choose = (next: Theme) => {
    setTheme(next);
    document.documentElement.dataset.theme = next;
    const secure = location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax${secure}`;
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={theme}
        onChange={(event) => choose(event.target.value as Theme)}
        className="rounded border border-white/20 bg-surface-raised px-2 py-1 text-neutral-200"
        data-testid="theme-switch"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {THEME_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
