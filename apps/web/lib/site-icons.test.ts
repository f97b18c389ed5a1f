import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import manifest from '@/app/manifest';

const web = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, web));

/** Width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

describe('the site icons', () => {
  it('has /favicon.ico with 16, 32 and 48 pixel pictures', () => {
    const ico = read('app/favicon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + i * 16;
      const image = ico.subarray(ico.readUInt32LE(entry + 12));
      expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
      return pngSize(image);
    });
    expect(sizes).toEqual(['16x16', '32x32', '48x48']);
  });

  it('lists in the manifest only icons that exist, at the sizes it names', () => {
    const { icons = [], name } = manifest();
    expect(name).toBeTruthy();
    expect(icons.map((icon) => icon.sizes)).toEqual(['any', '192x192', '512x512']);
    for (const icon of icons) {
      // Files of app/ are served at the root by their name, those of public/ by their path.
      const file = icon.src === '/icon.svg' ? 'app/icon.svg' : `public${icon.src}`;
      expect(existsSync(new URL(file, web))).toBe(true);
      if (icon.type === 'image/png') expect(pngSize(read(file))).toBe(icon.sizes);
    }
    expect(read('app/icon.svg').toString()).toContain('<svg');
    expect(pngSize(read('app/apple-icon.png'))).toBe('180x180');
  });
});
