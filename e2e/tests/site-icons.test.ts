import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/browser';

describe('site icons', () => {
  it('serves /favicon.ico and every icon the page head and the manifest name', async () => {
    const favicon = await fetch(`${baseUrl()}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');

    const html = await (await fetch(`${baseUrl()}/`)).text();
    const links = [
      ...html.matchAll(/<link rel="(icon|apple-touch-icon|manifest)" href="([^"]+)"/g),
    ];
    expect(links.map((link) => link[1]).sort()).toEqual([
      'apple-touch-icon',
      'icon',
      'icon',
      'manifest',
    ]);
    const manifestHref = links.find((link) => link[1] === 'manifest')![2]!;
    const manifest = (await (await fetch(`${baseUrl()}${manifestHref}`)).json()) as {
      name: string;
      icons: { src: string; type: string }[];
    };
    expect(manifest.name).toBeTruthy();

    const targets = [
      ...links
        .filter((link) => link[1] !== 'manifest')
        .map((link) => ({ src: link[2]!, type: '' })),
      ...manifest.icons,
    ];
    for (const { src, type } of targets) {
      const response = await fetch(`${baseUrl()}${src.replaceAll('&amp;', '&')}`);
      expect([src, response.status]).toEqual([src, 200]);
      expect(response.headers.get('content-type')).toMatch(/^image\//);
      if (type) expect(response.headers.get('content-type')).toBe(type);
    }
  });
});
