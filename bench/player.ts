// npm run bench:player — sizes of the player's core and lazy chunks (min and gzip), the time
// from createPlayer to the first decoded frame for a local MP4 and a local HLS stream, and the
// time from play to the first frame of a pre-roll ad served by a local VAST tag.
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { makeMedia } from '../packages/player/demo/make-media.mjs';
import { measureDist } from '../packages/player/scripts/sizes.mjs';
import { CHROMIUM_ARGS, PLAYER_PAGE } from '../packages/player/test/harness.ts';
import { startServer } from '../packages/player/scripts/static-server.mjs';
import { startAdServers } from '../packages/player/test/ads/fixtures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const playerDir = fileURLToPath(new URL('../packages/player/', import.meta.url));
const dist = join(playerDir, 'dist');

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const row = (name: string, s: { min: number; gzip: number }): string =>
  `  ${name.padEnd(38)} ${kb(s.min).padStart(10)} min ${kb(s.gzip).padStart(9)} gzip`;

let started = Date.now();
execFileSync(process.execPath, [join(playerDir, 'build.mjs'), '--no-types'], {
  cwd: playerDir,
  stdio: 'inherit',
});
console.log(`Build (no types): ${Date.now() - started} ms\n`);

const sizes = measureDist(dist);
console.log('Sizes');
console.log(row('core JS (ESM: index + static chunks)', sizes.esmCore));
console.log(row('core JS (script tag, IIFE)', sizes.iifeCore));
console.log(row('CSS', sizes.css));
console.log(
  row('core JS + CSS (ESM)', {
    min: sizes.esmCore.min + sizes.css.min,
    gzip: sizes.esmCore.gzip + sizes.css.gzip,
  }),
);
console.log(row('React wrapper (own code)', sizes.react));
for (const chunk of sizes.lazy) console.log(row(`lazy ${chunk.name}`, chunk));
const adsChunk = sizes.lazy.find((c) => c.name === 'ads-engine.js');
if (adsChunk) {
  console.log(
    row('core JS + CSS + ads chunk (ESM)', {
      min: sizes.esmCore.min + sizes.css.min + adsChunk.min,
      gzip: sizes.esmCore.gzip + sizes.css.gzip + adsChunk.gzip,
    }),
  );
}

started = Date.now();
const media = makeMedia(join(tmpdir(), 'cutroom-player-test-media'));
console.log(`\nMedia ready in ${Date.now() - started} ms`);

const server = await startServer({ '/dist/': dist, '/media/': media }, { '/': PLAYER_PAGE });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

async function firstFrame(src: string, type: string): Promise<number> {
  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  const ms = await page.evaluate(
    ({ src, type }) =>
      new Promise<number>((resolve, reject) => {
        const video = document.createElement('video');
        const source = document.createElement('source');
        source.src = src;
        source.type = type;
        video.append(source);
        document.getElementById('main')!.append(video);
        const t0 = performance.now();
        video.requestVideoFrameCallback(() => resolve(performance.now() - t0));
        setTimeout(() => reject(new Error('no frame in 15 s')), 15_000);
        const w = window as unknown as {
          cutroomPlayer: (v: HTMLVideoElement, o: unknown) => unknown;
        };
        w.cutroomPlayer(video, { layoutControls: { autoPlay: true, mute: true } });
      }),
    { src, type },
  );
  await page.close();
  return ms;
}

const stats = (xs: number[]): string => {
  const sorted = [...xs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
};

console.log(`\ncreatePlayer → first frame (${RUNS} runs each, fresh page, loopback server)`);
for (const [name, src, type] of [
  ['MP4', '/media/clip-360.mp4', 'video/mp4'],
  ['HLS (3 renditions, hls.js lazy)', '/media/hls/master.m3u8', 'application/x-mpegURL'],
] as const) {
  await firstFrame(src, type); // warm-up: browser start-up costs are not the player's
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await firstFrame(src, type));
  console.log(`  ${name.padEnd(38)} ${stats(times)}`);
}

// Pre-roll: a local VAST tag (inline linear ad, 320x180 H.264) from the test fixture server.
const adServers = await startAdServers();
async function firstAdFrame(): Promise<{ fromPlay: number; fromCreate: number }> {
  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  const result = await page.evaluate(
    (vastTag) =>
      new Promise<{ fromPlay: number; fromCreate: number }>((resolve, reject) => {
        const video = document.createElement('video');
        video.src = '/media/clip-360.mp4';
        document.getElementById('main')!.append(video);
        const created = performance.now();
        let played = 0;
        video.addEventListener('play', () => (played ||= performance.now()), { once: true });
        const poll = setInterval(() => {
          const ad = document.querySelector<HTMLVideoElement>('.cr-ad-video');
          if (!ad) return;
          clearInterval(poll);
          ad.requestVideoFrameCallback(() => {
            const now = performance.now();
            resolve({ fromPlay: now - played, fromCreate: now - created });
          });
        }, 2);
        setTimeout(() => reject(new Error('no ad frame in 15 s')), 15_000);
        const w = window as unknown as {
          cutroomPlayer: (v: HTMLVideoElement, o: unknown) => unknown;
        };
        w.cutroomPlayer(video, {
          layoutControls: { autoPlay: true, mute: true },
          vastOptions: { adList: [{ roll: 'preRoll', vastTag }] },
        });
      }),
    `${adServers.vastBase}/inline.xml`,
  );
  await page.close();
  return result;
}
await firstAdFrame(); // warm-up
const fromPlay: number[] = [];
const fromCreate: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await firstAdFrame();
  fromPlay.push(r.fromPlay);
  fromCreate.push(r.fromCreate);
}
console.log(`\nPre-roll ad (${RUNS} runs, local VAST tag, ads chunk loaded on demand)`);
console.log(`  ${'play → first ad frame'.padEnd(38)} ${stats(fromPlay)}`);
console.log(`  ${'createPlayer → first ad frame'.padEnd(38)} ${stats(fromCreate)}`);

await adServers.close();
await browser.close();
await server.close();
