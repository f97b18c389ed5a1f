// The player's own HLS engine (docs/decisions/0041): it plays the kind of stream the site's
// ladder makes through MSE, and hands any other stream to hls.js. Debian's Chromium plays HLS
// itself, so these pages hide that (canPlayType answers '' for HLS) to take the MSE path, as a
// browser without native HLS does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { mediaDir, mount, useHarness } from './harness.ts';

const harness = useHarness();
let page: Page;
let errors: string[];

const RUNGS = [
  { name: '360p', width: 640, height: 360, kbps: 600 },
  { name: '240p', width: 426, height: 240, kbps: 300 },
  { name: '180p', width: 320, height: 180, kbps: 150 },
];

/**
 * A ladder shaped like the site's (packages/media): video rungs highest first, one shared audio
 * rendition in an AUDIO group, fMP4 segments cut at the same instants, VOD. Made once by ffmpeg.
 */
function makeLadder(): string {
  const dir = join(mediaDir, 'ladder-20-3');
  if (existsSync(join(dir, 'master.m3u8'))) return '/media/ladder-20-3/master.m3u8';
  const hls = (name: string): string[] => {
    mkdirSync(join(dir, name), { recursive: true });
    return [
      ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
      ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'fmp4'],
      ...['-hls_fmp4_init_filename', 'init.mp4'],
      ...['-hls_segment_filename', join(dir, name, 'seg-%05d.m4s'), join(dir, name, 'index.m3u8')],
    ];
  };
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=20');
  args.push('-f', 'lavfi', '-i', 'sine=frequency=440:duration=20');
  for (const r of RUNGS) {
    args.push('-map', '0:v', '-vf', `scale=${r.width}:${r.height}`, '-an');
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline');
    args.push('-b:v', `${r.kbps}k`, '-g', '50', '-keyint_min', '50', '-sc_threshold', '0');
    args.push(...hls(r.name));
  }
  args.push('-map', '1:a', '-vn', '-c:a', 'aac', '-b:a', '64k', '-ac', '2', ...hls('audio'));
  execFileSync('ffmpeg', args);
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Default",DEFAULT=YES,AUTOSELECT=YES,URI="audio/index.m3u8"',
  ];
  for (const r of RUNGS) {
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${(r.kbps + 64) * 1000},RESOLUTION=${r.width}x${r.height},CODECS="avc1.42c01e,mp4a.40.2",AUDIO="audio"`,
      `${r.name}/index.m3u8`,
    );
  }
  writeFileSync(join(dir, 'master.m3u8'), `${master.join('\n')}\n`);
  return '/media/ladder-20-3/master.m3u8';
}

/** The test page, with the browser's own HLS hidden. */
async function openWithoutNativeHls(): Promise<void> {
  ({ page, errors } = await harness.open());
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  await page.reload();
}

/** Requested URLs of the page whose path matches `pattern`. */
function record(pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (pattern.test(r.url())) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

async function waitPlayingPast(seconds: number): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector('video')!;
      return !v.paused && v.currentTime > t;
    },
    seconds,
    { polling: 100, timeout: 20_000 },
  );
}

const scripts = (): Promise<string[]> =>
  page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));

test('the site-shaped ladder plays through the own engine: levels, automatic and manual choice, seeking', async () => {
  const src = makeLadder();
  await openWithoutNativeHls();
  const segments = record(/\/ladder-20-3\/.*\.m4s$/);
  await mount(page, {
    sources: [{ src, type: 'application/x-mpegURL' }],
    options: { layoutControls: { mute: true, autoPlay: true } },
  });
  await waitPlayingPast(0.5);
  const loaded = await scripts();
  expect(loaded.some((s) => s.includes('ladder-engine'))).toBe(true);
  expect(loaded.some((s) => s.includes('hls-engine'))).toBe(false);
  expect(await page.evaluate(() => document.querySelector('video')!.src)).toMatch(/^blob:/);
  // Audio comes from its own rendition; on loopback the measured throughput affords the top rung.
  expect(segments.some((s) => s.includes('/audio/'))).toBe(true);
  await expect
    .poll(() => segments.some((s) => s.includes('/360p/')), { timeout: 15_000 })
    .toBe(true);

  // The quality menu lists the ladder; a choice shows within a segment or two.
  const button = page.getByRole('button', { name: 'Quality' });
  await expect.poll(() => button.isVisible()).toBe(true);
  await button.click();
  expect(await page.locator('.cr-popup .cr-menu-item').allTextContents()).toEqual([
    'auto',
    '360p',
    '240p',
    '180p',
    'audio only',
  ]);
  const before = segments.length;
  await page.getByRole('menuitemradio', { name: '180p' }).click();
  await page.waitForFunction(() => document.querySelector('video')!.videoHeight === 180, null, {
    polling: 100,
    timeout: 15_000,
  });
  // No 360p segment after the choice but the one already asked for at the click, whose
  // request event may come after it on a loaded machine.
  expect(segments.slice(before).filter((s) => s.includes('/360p/')).length).toBeLessThanOrEqual(1);

  // A seek far ahead plays from there.
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 15;
  });
  await waitPlayingPast(15.5);
  expect(segments).toContain('/media/ladder-20-3/180p/seg-00007.m4s');
  // The end of the stream ends playback.
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 19;
  });
  await page.waitForFunction(() => document.querySelector('video')!.ended, null, {
    polling: 100,
    timeout: 20_000,
  });
  expect(errors).toEqual([]);
});

/**
 * The ladder playing through the own engine, then "audio only" chosen and playing alone; the
 * quality menu's button, and the paths of the segments and playlists the page asked for.
 */
async function playLadderAudioOnly() {
  const src = makeLadder();
  await openWithoutNativeHls();
  const segments = record(/\/ladder-20-3\/.*\.m4s$/);
  const playlists = record(/\/ladder-20-3\/.*index\.m3u8$/);
  await mount(page, {
    sources: [{ src, type: 'application/x-mpegURL' }],
    options: { layoutControls: { mute: true, autoPlay: true } },
  });
  await waitPlayingPast(0.5);
  const button = page.getByRole('button', { name: 'Quality' });
  await expect.poll(() => button.isVisible()).toBe(true);
  await button.click();
  await page.getByRole('menuitemradio', { name: 'audio only' }).click();
  await page.waitForFunction(() => document.querySelector('video')!.videoWidth === 0, null, {
    polling: 100,
    timeout: 15_000,
  });
  return { button, segments, playlists };
}

test('"audio only" through the own engine plays the audio rendition alone, and a level brings the video back', async () => {
  const { button, segments } = await playLadderAudioOnly();
  const at = await page.evaluate(() => document.querySelector('video')!.currentTime);
  const before = segments.length;
  await waitPlayingPast(at + 1);
  expect(segments.slice(before).every((s) => s.includes('/audio/'))).toBe(true);

  await button.click();
  await page.getByRole('menuitemradio', { name: '180p' }).click();
  await page.waitForFunction(() => document.querySelector('video')!.videoHeight === 180, null, {
    polling: 100,
    timeout: 15_000,
  });
  await waitPlayingPast(at + 1.5);
  expect(errors).toEqual([]);
});

test('"audio only" chosen again while a level waits for its playlist: the last choice holds, at the place the viewer is', async () => {
  const { button, playlists } = await playLadderAudioOnly();
  const choose = async (name: string) => {
    await button.click();
    await page.getByRole('menuitemradio', { name }).click();
  };
  // The playlist of a quality not read yet is held (a slow network, or one gone for a while):
  // the video waits for it.
  const level = RUNGS.map((rung) => rung.name).find(
    (name) => !playlists.some((path) => path.includes(`/${name}/`)),
  );
  expect(level, `every playlist was read already: ${playlists.join(', ')}`).toBeDefined();
  const held: (() => Promise<void>)[] = [];
  await page.route(`**/ladder-20-3/${level}/index.m3u8`, (route) => {
    held.push(() => route.continue());
  });
  await choose(level!);
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  // Meanwhile the viewer goes back to "audio only" and moves on in it.
  await choose('audio only');
  await page.evaluate(() => (document.querySelector('video')!.currentTime = 12));
  await waitPlayingPast(12.3);
  await Promise.all(held.splice(0).map((release) => release()));
  // The playlist that came late changes nothing: still audio alone, still from where they are.
  await page.waitForTimeout(1_500);
  const state = await page.evaluate(() => {
    const v = document.querySelector('video')!;
    return { width: v.videoWidth, time: v.currentTime, paused: v.paused };
  });
  expect(state).toMatchObject({ width: 0, paused: false });
  expect(state.time).toBeGreaterThan(12.3);
  expect(errors).toEqual([]);
});

test('with preload "none" the own engine reads the playlists only, until the first play', async () => {
  const src = makeLadder();
  await openWithoutNativeHls();
  const segments = record(/\/ladder-20-3\/.*\.(m4s|mp4)$/);
  await mount(page, {
    sources: [{ src, type: 'application/x-mpegURL' }],
    options: { layoutControls: { mute: true, preload: 'none' } },
  });
  // The levels are known from the playlists: the quality menu is there before any segment.
  await expect
    .poll(() => page.getByRole('button', { name: 'Quality' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
  expect(segments).toEqual([]);
  await page.evaluate(() => (window as unknown as { player: { play(): void } }).player.play());
  await waitPlayingPast(0.5);
  expect(segments.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('a stream of MPEG-TS segments goes to hls.js', async () => {
  const dir = join(mediaDir, 'ts-8');
  if (!existsSync(join(dir, 'index.m3u8'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=8'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', join(dir, 'seg-%03d.ts'), join(dir, 'index.m3u8')],
    ]);
    writeFileSync(
      join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2"\nindex.m3u8\n',
    );
  }
  await openWithoutNativeHls();
  await mount(page, {
    sources: [{ src: '/media/ts-8/master.m3u8', type: 'application/x-mpegURL' }],
    options: { layoutControls: { mute: true, autoPlay: true } },
  });
  await waitPlayingPast(0.5);
  const loaded = await scripts();
  expect(loaded.some((s) => s.includes('ladder-engine'))).toBe(true);
  expect(loaded.some((s) => s.includes('hls-engine'))).toBe(true);
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { player: { hlsInstance(): unknown } }).player.hlsInstance() !== null,
    ),
  ).toBe(true);
  expect(errors).toEqual([]);
});
