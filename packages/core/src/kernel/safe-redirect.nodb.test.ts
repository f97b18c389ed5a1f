import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    '/\\evil.example/',
    '\\\\evil.example',
    '/\t/evil.example/',
    '/\n/evil.example',
    '/ /evil.example',
    '//evil.example',
    '/\u0000/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '/%0a/evil.example',
    '',
  ])('never leaves the site for %j', (next) => {
    const path = safeRedirectPath(next);
    expect(path.startsWith('/')).toBe(true);
    expect(path.startsWith('//')).toBe(false);
    expect(new URL(path, 'https://video.example.org').host).toBe('video.example.org');
  });

  it('keeps a path of the site with its query and fragment', () => {
    expect(safeRedirectPath('/upload?x=1#top')).toBe('/upload?x=1#top');
    expect(safeRedirectPath('/video/a_b')).toBe('/video/a_b');
    expect(safeRedirectPath(undefined)).toBe('/');
  });
});
