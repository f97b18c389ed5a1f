// npm run bench:player — sizes of the player's core and lazy chunks (min and gzip), then time to
// the first frame side by side with Fluid Player on the same page, same media: a local MP4, a
// local HLS stream, the first frame of a pre-roll ad from a local VAST tag (with autoPlay, and
// with play() called right after creating the player), and the time until the content plays
// when the VAST answers after vastTimeout (1.5 s). Prints ours, Fluid's and the ratio.
// The content cases also time a bare <video> on the same page (no player: the same element given
// muted, preload="auto" and play()), printed as a reference line: no player can be much faster
// than the element it drives, so bare / Fluid is the floor of the ratio. HLS through MSE (no
// native HLS) also times the least script that plays the stream through Media Source, a second
// reference: the browser's own HLS there does its work off the page's main thread.
// BENCH_BASELINE=<a dist/ directory of another build of ours> times that build too, in the same
// alternating runs, and prints ours / baseline: an A/B of two builds on one busy machine.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { makeMedia } from '../packages/player/demo/make-media.mjs';
import { measureDist } from '../packages/player/scripts/sizes.mjs';
import { CHROMIUM_PLAYBACK_LAUNCH } from '../packages/player/test/chromium.ts';
import { startAdServers } from '../packages/player/test/ads/fixtures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BASELINE = process.env.BENCH_BASELINE;
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
// The HLS engine a page loads where the browser has no HLS of its own: the player's own engine
// (one file, for the site's ladder), and hls.js for any other stream (docs/decisions/0046).
const ownHls = sizes.lazy.find((c) => c.name === 'ladder-engine.js');
const hlsJs = sizes.lazy.find((c) => c.name === 'hls-engine.js');
if (ownHls && hlsJs) {
  console.log(
    `\nHLS engine chunk: ${kb(ownHls.withShared.gzip)} gzip (ladder-engine.js, goal 60 KB);`,
  );
  console.log(`other streams load hls.js's light build, ${kb(hlsJs.gzip)} gzip (hls-engine.js)`);
}
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

// Fluid Player (the fluid-player npm package, a devDependency of the bench only), built from
// its sources the way its CDN build is: CSS and icons in, hls.js and dash.js split off.
const fluidDir = join(tmpdir(), 'cutroom-bench-fluid');
const require = createRequire(import.meta.url);
const fluidRoot = dirname(require.resolve('fluid-player/package.json'));
await build({
  entryPoints: [join(fluidRoot, 'src/browser.js')],
  bundle: true,
  minify: true,
  format: 'esm',
  splitting: true,
  outdir: fluidDir,
  entryNames: '[name]',
  loader: { '.svg': 'dataurl' },
  legalComments: 'none',
  logLevel: 'error',
  target: 'es2020',
});
const fluidHls = await (async () => {
  const { gzipSync } = await import('node:zlib');
  const files = readdirSync(fluidDir).filter((f) => f.endsWith('.js'));
  const sized = files.map((f) => ({ f, gz: gzipSync(readFileSync(join(fluidDir, f))).length }));
  return sized.sort((a, b) => b.gz - a.gz);
})();
console.log('\nFluid Player build (esbuild, minified), largest files:');
for (const { f, gz } of fluidHls.slice(0, 3))
  console.log(`  ${f.padEnd(38)} ${kb(gz).padStart(25)} gzip`);

// Both players run on pages of one origin that also serves the VAST documents (Fluid asks for
// VAST with credentials, which a wildcard CORS answer refuses).
const page = (head: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bench</title>${head}
<style>body{margin:0} main{width:640px}</style></head>
<body><main id="main"></main></body></html>`;
const servers = await startAdServers(4000, {
  pages: {
    '/ours.html': page(
      '<link rel="stylesheet" href="/dist/cutroom-player.css"><script src="/dist/cutroom-player.js"></script>',
    ),
    '/fluid.html': page(
      '<link rel="stylesheet" href="/fluid/browser.css"><script type="module" src="/fluid/browser.js"></script>',
    ),
    '/base.html': page(
      '<link rel="stylesheet" href="/base/cutroom-player.css"><script src="/base/cutroom-player.js"></script>',
    ),
    // No player: the element alone, set up as a player would for these options.
    '/bare.html': page(
      '<script>window.fluidPlayer = (v, o) => { const lc = o.layoutControls || {};' +
        " v.muted = !!lc.mute; v.preload = 'auto'; if (lc.autoPlay) v.play();" +
        ' return { play: () => v.play() }; };</script>',
    ),
    // No player either, for HLS through MSE: the least script that plays the stream through
    // Media Source. The first variant the master lists (here the lowest, where the browser's
    // own HLS starts too), its playlist, its init and first segment into one SourceBuffer (the
    // bench's renditions carry their audio), the Media Source opened meanwhile.
    '/bareMse.html': page(`<script>window.fluidPlayer = (v, o) => {
  const lc = o.layoutControls || {};
  const source = v.querySelector('source');
  const master = new URL(source.src, location.href);
  source.remove();
  v.muted = !!lc.mute; v.preload = 'auto';
  const ms = new MediaSource();
  const opened = new Promise((r) => ms.addEventListener('sourceopen', r, { once: true }));
  v.src = URL.createObjectURL(ms);
  const get = (u, as) => fetch(u).then((r) => r[as]());
  (async () => {
    const lines = (await get(master, 'text')).split('\\n');
    const at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF'));
    const codecs = /CODECS="([^"]+)"/.exec(lines[at])[1];
    const url = new URL(lines[at + 1].trim(), master);
    const list = await get(url, 'text');
    const init = get(new URL(/URI="([^"]+)"/.exec(list)[1], url), 'arrayBuffer');
    const first = list.split('\\n').find((l) => l.trim() && !l.startsWith('#')).trim();
    const media = get(new URL(first, url), 'arrayBuffer');
    await opened;
    const sb = ms.addSourceBuffer('video/mp4; codecs="' + codecs + '"');
    const append = async (bytes) => {
      const data = await bytes;
      await new Promise((r) => { sb.addEventListener('updateend', r, { once: true }); sb.appendBuffer(data); });
    };
    await append(init);
    await append(media);
  })();
  if (lc.autoPlay) v.play();
  return { play: () => v.play() };
};</script>`),
    '/favicon.ico': '',
  },
  mounts: {
    '/dist/': dist,
    '/content/': media,
    '/fluid/': fluidDir,
    ...(BASELINE ? { '/base/': BASELINE } : {}),
  },
});
const browser = await chromium.launch(CHROMIUM_PLAYBACK_LAUNCH);

type Who = 'ours' | 'fluid' | 'base' | 'bare' | 'bareMse';
interface Case {
  name: string;
  src: string;
  type: string;
  /** The player's options (the same object for both players). */
  options: Record<string, unknown>;
  /** Call play() right after creating the player. */
  callPlay?: boolean;
  /** Measure the first frame of the pre-roll ad instead of the content's. */
  ad?: boolean;
  /** Measure until the content plays (its time moves), not its first frame painted. */
  playing?: boolean;
  /** Hide the browser's own HLS (canPlayType answers ''), as in browsers without it: both
   * players then play HLS through MSE (ours with its own engine, Fluid with hls.js). */
  noNativeHls?: boolean;
}

/** ms from the creating call to the first frame painted (of the content, or of the ad), or to
 * the content playing. */
async function firstFrame(who: Who, c: Case): Promise<number> {
  const tab = await browser.newPage();
  // tsx names the functions of the evaluated callback through a helper the page lacks.
  await tab.addInitScript('window.__name = (f) => f;');
  if (c.noNativeHls) {
    await tab.addInitScript(
      'const cpt = HTMLMediaElement.prototype.canPlayType;' +
        "HTMLMediaElement.prototype.canPlayType = function (t) { return /mpegurl/i.test(t) ? '' : cpt.call(this, t); };",
    );
  }
  await tab.goto(`${servers.url}/${who}.html`);
  await tab.waitForFunction(
    () => typeof (window as { fluidPlayer?: unknown }).fluidPlayer === 'function',
    undefined,
    { polling: 100 },
  );
  const ms = await tab.evaluate(
    ({ c, who }) =>
      new Promise<number>((resolve, reject) => {
        const video = document.createElement('video');
        video.id = 'bench';
        video.setAttribute('width', '640');
        const source = document.createElement('source');
        source.src = c.src;
        source.type = c.type;
        video.append(source);
        document.getElementById('main')!.append(video);
        setTimeout(() => reject(new Error('no frame in 20 s')), 20_000);
        const t0 = performance.now();
        const done = (): void => resolve(performance.now() - t0);
        const isAd = (v: HTMLVideoElement): boolean => v.currentSrc.includes('/media/ad.mp4');
        // Fluid plays ads in the content's element; ours (and a baseline build of ours) in an
        // element of the ad layer.
        const watch = (v: HTMLVideoElement): void => {
          v.requestVideoFrameCallback(() => {
            if (!c.ad || isAd(v)) done();
            else watch(v);
          });
        };
        if (c.playing) {
          // Any content element (not an ad's) whose time moves.
          const poll = setInterval(() => {
            const playing = [...document.querySelectorAll('video')].some(
              (v) => !isAd(v) && !v.paused && v.currentTime > 0,
            );
            if (!playing) return;
            clearInterval(poll);
            done();
          }, 5);
        } else if (who !== 'fluid' && c.ad) {
          const poll = setInterval(() => {
            const ad = document.querySelector<HTMLVideoElement>('.cr-ad-video');
            if (!ad) return;
            clearInterval(poll);
            watch(ad);
          }, 1);
        } else watch(video);
        const create = (
          window as unknown as {
            fluidPlayer: (v: HTMLVideoElement, o: unknown) => { play(): void };
          }
        ).fluidPlayer;
        const player = create(video, c.options);
        if (c.callPlay) player.play();
      }),
    { c, who },
  );
  await tab.close();
  return ms;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const autoplay = { layoutControls: { autoPlay: true, mute: true } };
const vast = { adList: [{ roll: 'preRoll', vastTag: '/vast/inline.xml' }] };
const cases: Case[] = [
  { name: 'MP4 (640x360)', src: '/content/clip-360.mp4', type: 'video/mp4', options: autoplay },
  {
    name: 'HLS (3 renditions)',
    src: '/content/hls/master.m3u8',
    type: 'application/x-mpegURL',
    options: autoplay,
  },
  {
    name: 'HLS through MSE (no native HLS)',
    src: '/content/hls/master.m3u8',
    type: 'application/x-mpegURL',
    options: autoplay,
    noNativeHls: true,
  },
  {
    name: 'first ad frame, autoPlay',
    src: '/content/clip-360.mp4',
    type: 'video/mp4',
    options: { ...autoplay, vastOptions: vast },
    ad: true,
  },
  {
    name: 'first ad frame, play() after create',
    src: '/content/clip-360.mp4',
    type: 'video/mp4',
    options: { layoutControls: { mute: true }, vastOptions: vast },
    callPlay: true,
    ad: true,
  },
  {
    // The VAST answers after 4 s; the content should start soon after vastTimeout (1.5 s).
    name: 'content plays, VAST slower than timeout',
    src: '/content/clip-360.mp4',
    type: 'video/mp4',
    playing: true,
    options: {
      ...autoplay,
      vastOptions: { adList: [{ roll: 'preRoll', vastTag: '/vast/slow.xml' }], vastTimeout: 1500 },
    },
  },
];

console.log(
  `\nTime to first frame, ours against Fluid Player ${require('fluid-player/package.json').version} ` +
    `(median of ${RUNS}, runs alternate, fresh tab each, loopback server)`,
);
if (BASELINE) console.log(`Baseline build of ours: ${BASELINE}`);
console.log(
  `  ${'case'.padEnd(38)} ${'ours'.padStart(9)} ${'Fluid'.padStart(9)} ${'ratio'.padStart(7)}` +
    (BASELINE ? ` ${'base'.padStart(9)} ${'ours/base'.padStart(9)}` : ''),
);
// Substrings of case names separated by '|', to run a few.
const only = process.env.BENCH_CASES?.split('|');
// The bare element plays the content cases only: it has no ads and no MSE engine.
// For HLS through MSE, the bare element plays the same stream with the browser's own HLS (the
// page hides it from the players only): the floor of any player of that stream here.
const hasBare = (c: Case): boolean => !c.ad && !c.playing;
/** The goals (decision 0053, the issue of the player in every state): per case, p50 and p90 of
 * the run-by-run ratios (each run's times side by side). */
const ratioRows: string[] = [];
const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const bareRows: string[] = [];
for (const c of cases.filter((x) => !only || only.some((o) => x.name.includes(o)))) {
  const players: Who[] = [
    'ours',
    'fluid',
    ...(BASELINE ? (['base'] as const) : []),
    ...(hasBare(c) ? (['bare'] as const) : []),
    ...(c.noNativeHls ? (['bareMse'] as const) : []),
  ];
  const times: Record<Who, number[]> = { ours: [], fluid: [], base: [], bare: [], bareMse: [] };
  const failures: Record<Who, number> = { ours: 0, fluid: 0, base: 0, bare: 0, bareMse: 0 };
  // Warm-up: browser start-up costs are neither player's.
  for (const who of players) await firstFrame(who, c).catch(() => 0);
  for (let i = 0; i < RUNS; i++) {
    // Each player goes first, second and so on in turn.
    const order = players.map((_, k) => players[(i + k) % players.length]!);
    for (const who of i % 2 ? order.reverse() : order) {
      try {
        times[who].push(await firstFrame(who, c));
      } catch (error) {
        if (!failures[who]) console.log(`  (${who}, ${c.name}: ${String(error).split('\n')[0]})`);
        failures[who]++;
      }
    }
  }
  const cell = (who: Who): string =>
    times[who].length ? `${median(times[who]).toFixed(0)} ms` : 'none';
  const ratio = (a: Who, b: Who): string =>
    times[a].length && times[b].length
      ? `${(median(times[a]) / median(times[b])).toFixed(2)}x`
      : '-';
  const lost = players.some((who) => failures[who])
    ? `  (no frame: ${players.map((who) => `${who} ${failures[who]}`).join(', ')})`
    : '';
  const base = BASELINE ? ` ${cell('base').padStart(9)} ${ratio('ours', 'base').padStart(9)}` : '';
  console.log(
    `  ${c.name.padEnd(38)} ${cell('ours').padStart(9)} ${cell('fluid').padStart(9)} ${ratio('ours', 'fluid').padStart(7)}${base}${lost}`,
  );
  // Run by run: the i-th time of each (a failed run leaves its pair out).
  const paired = (a: Who, b: Who): string => {
    const n = Math.min(times[a].length, times[b].length);
    if (!n) return '-'.padStart(17);
    const ratios = Array.from({ length: n }, (_, i) => times[a][i]! / times[b][i]!);
    return `${quantile(ratios, 0.5).toFixed(2)}x / ${quantile(ratios, 0.9).toFixed(2)}x`.padStart(
      17,
    );
  };
  // With a baseline: ours / baseline, and the baseline's own ratio to the bare element.
  const baseCells = BASELINE
    ? ` ${paired('ours', 'base')} ${hasBare(c) ? paired('base', 'bare') : '-'.padStart(17)}`
    : '';
  ratioRows.push(
    `  ${c.name.padEnd(38)} ${hasBare(c) ? paired('ours', 'bare') : '-'.padStart(17)} ${paired('ours', 'fluid')}${baseCells}`,
  );
  if (c.noNativeHls) {
    ratioRows.push(
      `  ${'  the same, bare: a least MSE script'.padEnd(38)} ${paired('ours', 'bareMse')} ${'-'.padStart(17)}`,
    );
  }
  if (hasBare(c)) {
    bareRows.push(
      `  ${c.name.padEnd(38)} ${cell('bare').padStart(9)} ${cell('fluid').padStart(9)} ${ratio('bare', 'fluid').padStart(7)} ${ratio('ours', 'bare').padStart(9)}`,
    );
  }
  if (c.noNativeHls) {
    bareRows.push(
      `  ${'  bare: a least MSE script'.padEnd(38)} ${cell('bareMse').padStart(9)} ${cell('fluid').padStart(9)} ${ratio('bareMse', 'fluid').padStart(7)} ${ratio('ours', 'bareMse').padStart(9)}`,
    );
  }
}
if (bareRows.length) {
  console.log(
    `\nReference: a bare <video> (no player) in the same runs, against the same Fluid times\n` +
      `  ${'case'.padEnd(38)} ${'bare'.padStart(9)} ${'Fluid'.padStart(9)} ${'ratio'.padStart(7)} ${'ours/bare'.padStart(9)}`,
  );
  for (const line of bareRows) console.log(line);
}

console.log(
  `\nRatios run by run, p50 / p90 (goals: ours/bare <= 1.10x for MP4 and HLS, the first ad frame\n` +
    `ours/Fluid <= 0.5x)\n  ${'case'.padEnd(38)} ${'ours/bare'.padStart(17)} ${'ours/Fluid'.padStart(17)}` +
    (BASELINE ? ` ${'ours/base'.padStart(17)} ${'base/bare'.padStart(17)}` : ''),
);
for (const line of ratioRows) console.log(line);

await browser.close();
await servers.close();
