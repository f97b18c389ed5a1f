/**
 * npm run bench:pages — what a visitor's browser downloads for the home page and a video page:
 * JavaScript (bytes on the wire, compressed, and decoded), requests, media bytes before anyone
 * presses play, route prefetches, and the largest contentful paint, each page against its
 * JavaScript budget. Then it presses play on the video page, to show the video still starts.
 *
 * The server runs as `npm start` runs it (embedded PGlite, in-process worker) on port 3620 with
 * its own data folder under /tmp; one test video is uploaded through the real pipeline first.
 * Each page is opened RUNS times in a fresh browser context (an empty cache), seen as a visitor
 * on a 1280×800 window; figures are medians. Ends non-zero when a page is over its budget.
 * `--scripts` lists each page's JavaScript files; `--preroll` configures a VAST pre-roll. The
 * JavaScript is also measured as sent in gzip ("JS (gzip)"). Needs `npm run build`, ffmpeg and
 * Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  killEverything,
  signUpMember,
  siteUrl,
  startSite,
  stopProc,
  uploadAndPublish,
  waitForOutcome,
} from './support/site';
import { CHROMIUM_LAUNCH } from '../packages/player/test/chromium.ts';

const PORT = 3620;
const RUNS = 3;
/** How long a page is left alone after `load`: prefetches and lazy chunks come in this time. */
const SETTLE_MS = 3_000;
/** JavaScript on the wire (compressed), per page: home above the framework's own 112 KB (decision 0029). */
const BUDGETS_KB = { home: 140, video: 200 } as const;
/** `--scripts`: list each page's JavaScript files with their sizes. */
const LIST_SCRIPTS = process.argv.includes('--scripts');
/**
 * `--preroll`: the site configured with a VAST pre-roll (a tag that answers 404: the ad is
 * skipped), so that a visitor's video page loads the player's ads code as it does on a site
 * with video ads.
 */
const WITH_PREROLL = process.argv.includes('--preroll');

interface Request {
  url: string;
  type: string;
  isPrefetch: boolean;
  encoded: number;
  decoded: number;
}

interface PageFigures {
  requests: number;
  jsRequests: number;
  jsEncoded: number;
  jsDecoded: number;
  mediaSegmentBytes: number;
  mediaSegments: number;
  playlists: number;
  prefetches: number;
  lcpMs: number;
  scripts: { url: string; encoded: number; decoded: number }[];
}

/** A 10 s 720p test pattern with a tone: segments of the size a real upload gives. */
function makeVideo(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-pages-video-'));
  try {
    const file = join(dir, 'pattern.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isSegment = (url: string) => /\/media\/.*\.(ts|m4s|mp4|aac)(\?|$)/.test(url);
const isPlaylist = (url: string) => /\.m3u8(\?|$)/.test(url);

/** Every request the page makes, with its bytes, through the DevTools protocol. */
async function recordRequests(page: Page): Promise<Map<string, Request>> {
  const requests = new Map<string, Request>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.request.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      isPrefetch: headers['next-router-prefetch'] !== undefined,
      encoded: 0,
      decoded: 0,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.type = event.type;
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.encoded = event.encodedDataLength;
  });
  return requests;
}

async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 100);
      }),
  );
}

/**
 * `acceptEncoding`: the browser's Accept-Encoding replaced, as for a browser that is sent no
 * brotli (Chromium asks for it over HTTPS and from localhost only: a site reached by plain
 * http at another address is sent gzip).
 */
async function measure(
  browser: Browser,
  url: string,
  acceptEncoding?: string,
): Promise<PageFigures> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
  });
  try {
    const page = await context.newPage();
    const requests = await recordRequests(page);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const lcpMs = await largestContentfulPaint(page);
    const all = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
    const scripts = all.filter((r) => r.type === 'Script');
    const segments = all.filter((r) => isSegment(r.url));
    return {
      requests: all.length,
      jsRequests: scripts.length,
      jsEncoded: scripts.reduce((sum, r) => sum + r.encoded, 0),
      jsDecoded: scripts.reduce((sum, r) => sum + r.decoded, 0),
      mediaSegmentBytes: segments.reduce((sum, r) => sum + Math.max(r.encoded, r.decoded), 0),
      mediaSegments: segments.length,
      playlists: all.filter((r) => isPlaylist(r.url)).length,
      prefetches: all.filter((r) => r.isPrefetch).length,
      lcpMs,
      scripts: scripts.map(({ url, encoded, decoded }) => ({ url, encoded, decoded })),
    };
  } finally {
    await context.close();
  }
}

/**
 * Rests the pointer on the first video card of a page and answers the route prefetches that
 * followed within a second (before it, none: links prefetch on intent only).
 */
async function prefetchesOnIntent(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const requests = await recordRequests(page);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const before = [...requests.values()].filter((r) => r.isPrefetch).length;
    await page.locator('a[href^="/video/"]').first().hover();
    await page.waitForTimeout(1_000);
    return [...requests.values()].filter((r) => r.isPrefetch).length - before;
  } finally {
    await context.close();
  }
}

/** Presses play and answers the milliseconds until the video's time moves (null: it did not). */
async function timeToPlay(browser: Browser, url: string): Promise<number | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const play = page.getByRole('button', { name: 'Play' }).first();
    await play.waitFor({ state: 'visible' });
    const started = Date.now();
    await play.click();
    try {
      await page.waitForFunction(
        () => (document.querySelector('video')?.currentTime ?? 0) > 0.2,
        {
          timeout: 20_000,
        },
        { polling: 100 },
      );
      return Date.now() - started;
    } catch {
      return null;
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cutroom-bench-pages-'));
  const url = siteUrl(PORT);
  const site = await startSite({
    port: PORT,
    dataDir,
    env: WITH_PREROLL ? { ADS_VAST_PREROLL_TAG: `${url}/no-such-vast.xml` } : {},
  });
  let browser: Browser | undefined;
  try {
    const member = await signUpMember(url, dataDir, 'pages');
    const id = await uploadAndPublish(url, member, makeVideo(), 'Test pattern for the page bench');
    const outcome = await waitForOutcome(url, member, id, 180_000);
    if (outcome.state.state !== 'published') {
      throw new Error(`The test video was not published: ${JSON.stringify(outcome.state)}`);
    }
    const redirect = await fetch(`${url}/video/x_${id}`, { redirect: 'manual' });
    const videoPath = redirect.headers.get('location') ?? `/video/x_${id}`;
    const pages = [
      { key: 'home' as const, name: 'home', url: `${url}/` },
      { key: 'video' as const, name: 'video page', url: new URL(videoPath, url).toString() },
    ];

    browser = await chromium.launch(CHROMIUM_LAUNCH);
    // One visit each first, so the page cache and the server's own warm-up are not measured.
    for (const page of pages) await measure(browser, page.url);

    console.log(
      `bench:pages — ${RUNS} cold visits a page, medians${WITH_PREROLL ? ', a VAST pre-roll configured' : ''}; load average ${loadavg()[0]!.toFixed(1)}\n`,
    );
    const header = [
      'page',
      'JS (wire)',
      'budget',
      '',
      'JS (gzip)',
      'JS (decoded)',
      'JS files',
      'requests',
      'media before play',
      'prefetches',
      'LCP',
    ];
    const rows: string[][] = [];
    const lastScripts: PageFigures['scripts'][] = [];
    let isOver = false;
    for (const page of pages) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, page.url));
      lastScripts.push(runs.at(-1)!.scripts.sort((a, b) => b.encoded - a.encoded));
      const pick = (field: Exclude<keyof PageFigures, 'scripts'>) =>
        median(runs.map((run) => run[field]));
      const gzipRuns: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++)
        gzipRuns.push(await measure(browser, page.url, 'gzip, deflate'));
      const budget = BUDGETS_KB[page.key] * 1024;
      const over = pick('jsEncoded') > budget;
      isOver ||= over;
      rows.push([
        page.name,
        kb(pick('jsEncoded')),
        `≤ ${BUDGETS_KB[page.key]} KB`,
        over ? 'OVER' : 'under',
        kb(median(gzipRuns.map((run) => run.jsEncoded))),
        kb(pick('jsDecoded')),
        String(pick('jsRequests')),
        String(pick('requests')),
        `${kb(pick('mediaSegmentBytes'))} (${pick('mediaSegments')} segments, ${pick('playlists')} playlists)`,
        String(pick('prefetches')),
        `${Math.round(pick('lcpMs'))} ms`,
      ]);
    }
    if (LIST_SCRIPTS) {
      for (const [i, page] of pages.entries()) {
        console.log(`\n${page.name}: scripts`);
        for (const script of lastScripts[i] ?? []) {
          const name = new URL(script.url).pathname;
          console.log(
            `  ${kb(script.encoded).padStart(7)} ${kb(script.decoded).padStart(7)}  ${name}`,
          );
        }
      }
      console.log();
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));

    const onIntent = await prefetchesOnIntent(browser, pages[0]!.url);
    console.log(`\nhome, pointer resting on a video card for 1 s: ${onIntent} route prefetches`);
    const played = await timeToPlay(browser, pages[1]!.url);
    console.log(
      `video page, play pressed: ${played === null ? 'did NOT start within 20 s' : `playing after ${played} ms`}`,
    );
    if (isOver || played === null) process.exitCode = 1;
  } finally {
    await browser?.close();
    await stopProc(site);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  killEverything();
  process.exit(1);
});
