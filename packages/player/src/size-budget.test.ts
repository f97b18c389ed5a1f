// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';
import { measureDist } from '../scripts/sizes.mjs';
import type { DistSizes } from '../scripts/sizes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budget = JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8')) as {
  coreJsPlusCssGzip: number;
  coreWithAdsGzip: number;
  hlsEngineGzip: number;
};
let sizes: DistSizes;

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    execFileSync(process.execPath, [join(root, 'build.mjs'), '--no-types'], { cwd: root });
  }
  sizes = measureDist(join(root, 'dist'));
}, 60_000);

test('core JS + CSS stays within the gzip budget (ESM and script-tag builds)', () => {
  expect(sizes.esmCore.gzip + sizes.css.gzip).toBeLessThanOrEqual(budget.coreJsPlusCssGzip);
  expect(sizes.iifeCore.gzip + sizes.css.gzip).toBeLessThanOrEqual(budget.coreJsPlusCssGzip);
});

test('core + the ads chunk stays within the gzip budget; vast-client is only in the ads chunk', () => {
  const adsChunk = sizes.lazy.find((c) => c.name === 'ads-engine.js')!;
  expect(sizes.esmCore.gzip + sizes.css.gzip + adsChunk.gzip).toBeLessThanOrEqual(
    budget.coreWithAdsGzip,
  );
  const core = sizes.esmCore.files.map((f) => readFileSync(join(root, 'dist', f), 'utf8')).join('');
  const iife = readFileSync(join(root, 'dist', 'cutroom-player.js'), 'utf8');
  const ads = adsChunk.files.map((f) => readFileSync(join(root, 'dist', f), 'utf8')).join('');
  for (const code of [core, iife]) expect(code).not.toMatch(/VAST-resolving|cr-ad-layer/);
  expect(ads).toMatch(/VAST-resolving/);
  expect(ads).toMatch(/cr-ad-layer/);
});

test('hls.js, dash.js and three.js are only in lazy chunks', () => {
  const core = sizes.esmCore.files.map((f) => readFileSync(join(root, 'dist', f), 'utf8')).join('');
  const iife = readFileSync(join(root, 'dist', 'cutroom-player.js'), 'utf8');
  for (const code of [core, iife]) {
    expect(code).not.toMatch(/MANIFEST_PARSED|hlsDefaultConfig/);
    expect(code).not.toMatch(/MediaPlayerEvents|dashjs/);
    expect(code).not.toMatch(/WebGLRenderer|THREE/);
  }
  const names = sizes.lazy.map((c) => c.name).sort();
  expect(names).toEqual([
    'ads-engine.js',
    'dash-engine.js',
    'extras-engine.js',
    'hls-engine.js',
    'ladder-engine.js',
    'vr-engine.js',
  ]);
  for (const name of ['hls-engine.js', 'dash-engine.js', 'vr-engine.js']) {
    expect(sizes.lazy.find((c) => c.name === name)!.gzip).toBeGreaterThan(50_000);
  }
});

test('the own HLS engine (docs/decisions/0041) stays within its budget and holds no hls.js', () => {
  const own = sizes.lazy.find((c) => c.name === 'ladder-engine.js')!;
  expect(own.withShared.gzip).toBeLessThanOrEqual(budget.hlsEngineGzip);
  const code = own.files.map((f) => readFileSync(join(root, 'dist', f), 'utf8')).join('');
  expect(code).not.toMatch(/MANIFEST_PARSED|hlsDefaultConfig/);
});
