import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT, themeOfCookies } from './theme';

describe('the theme cookie', () => {
  it('names the chosen theme, dark when none or unknown', () => {
    expect(themeOfCookies('a=1; theme=light; b=2')).toBe('light');
    expect(themeOfCookies('theme=system')).toBe('system');
    expect(themeOfCookies('theme=dark')).toBe('dark');
    expect(themeOfCookies('theme=pink')).toBe('dark');
    expect(themeOfCookies('mytheme=light')).toBe('dark');
    expect(themeOfCookies(null)).toBe('dark');
  });

  it('is applied to <html> by the head script the same way', () => {
    for (const [cookie, expected] of [
      ['x=1; theme=light', 'light'],
      ['theme=system', 'system'],
      ['theme=<b>', 'dark'],
      ['', 'dark'],
    ] as const) {
      const root = { dataset: { theme: 'dark' } };
      new Function('document', THEME_SCRIPT)({ cookie, documentElement: root });
      expect(root.dataset.theme).toBe(expected);
    }
  });
});
