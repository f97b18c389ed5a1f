/**
 * npm run bench:feed — how soon the vertical feed's next video shows its first frame after a
 * step (docs/feed.md), with the next video loaded ahead as the feed does, beside the reference:
 * a step two videos on (a fast fling past the one loaded ahead), whose video starts from
 * nothing. Both in one run, with the ratio.
 *
 * The server runs as `npm start` runs it (embedded PGlite, in-process worker) on port 3630
 * with its own data folder under /tmp; VIDEOS vertical 720×1280 clips of 8 s are uploaded
 * through the real pipeline first. A 390×844 phone window steps through the feed with the
 * keys; the page reports the time from the key to the first frame presented
 * (requestVideoFrameCallback). Figures are medians and the worst of STEPS steps each. Needs
 * `npm run build`, ffmpeg and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import {
  killEverything,
  percentile,
  signUpMember,
  siteUrl,
  startSite,
  stopProc,
  uploadAndPublish,
  waitForOutcome,
} from './support/site';
import { CHROMIUM_LAUNCH } from '../packages/player/test/chromium.ts';

const PORT = 3630;
const VIDEOS = 13;
/** Steps of each kind: one-by-one steps, and two-on steps (each past a video never loaded). */
const STEPS = 4;

/** An 8 s vertical 720×1280 test pattern with a tone, its pitch differing from clip to clip. */
function makeClip(dir: string, n: number): Buffer {
  const file = join(dir, `clip-${n}.mp4`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=30:duration=8`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${300 + n * 20}:duration=8`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3M', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
  return readFileSync(file);
}

/**
 * Steps `by` videos down and answers the milliseconds from the key to the first frame of the
 * video that becomes active. The page's own clock measures both ends.
 */
async function step(page: Page, by: 1 | 2): Promise<number> {
  const before = await page
    .locator('[data-testid="feed-item"][data-active="true"]')
    .getAttribute('data-index');
  const target = Number(before) + by;
  // Armed before the key: the frame callback of the video that becomes active.
  await page.evaluate((index) => {
    const w = window as unknown as { __frameAt?: Promise<number>; __keyAt?: number };
    // Polled rather than a named callback: the bench's TypeScript loader wraps named functions
    // in a helper the page does not have.
    w.__frameAt = new Promise<number>((resolve) => {
      const timer = setInterval(() => {
        const item = document.querySelector(`[data-testid="feed-item"][data-index="${index}"]`);
        const video = item?.querySelector('video');
        if (!video) return;
        clearInterval(timer);
        video.requestVideoFrameCallback(() => resolve(performance.now()));
      }, 4);
    });
  }, target);
  const keyAt = await page.evaluate(() => performance.now());
  await page.keyboard.press('ArrowDown');
  if (by === 2) await page.keyboard.press('ArrowDown');
  const frameAt = await page.evaluate(
    () => (window as unknown as { __frameAt: Promise<number> }).__frameAt,
  );
  // Let the video play a moment, as a viewer would, before the next step.
  await page.waitForTimeout(1_200);
  return frameAt - keyAt;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cutroom-bench-feed-'));
  const clipsDir = mkdtempSync(join(tmpdir(), 'cutroom-bench-feed-clips-'));
  const url = siteUrl(PORT);
  const site = await startSite({ port: PORT, dataDir });
  // Pages may start sound at once, as after a viewer's first tap: the bench has no gesture.
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const member = await signUpMember(url, dataDir, 'feed');
    console.log(`Uploading ${VIDEOS} vertical clips (720×1280, 8 s)…`);
    for (let n = 1; n <= VIDEOS; n++) {
      const id = await uploadAndPublish(url, member, makeClip(clipsDir, n), `Feed clip ${n}`);
      const outcome = await waitForOutcome(url, member, id, 240_000);
      if (outcome.state.state !== 'published') throw new Error(`clip ${n}: ${outcome.state.state}`);
    }
    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })
    ).newPage();
    await page.goto(`${url}/shorts`);
    await page.locator('[data-testid="feed-item"][data-active="true"] video').waitFor();
    // The first video plays and the second loads ahead before the first step.
    await page.waitForTimeout(2_000);
    const preloaded: number[] = [];
    const cold: number[] = [];
    // Alternate: one step (its video loaded ahead), then a step two on (past the one loaded).
    for (let i = 0; i < STEPS; i++) {
      preloaded.push(await step(page, 1));
      cold.push(await step(page, 2));
    }
    const row = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { name, median: percentile(sorted, 50), worst: sorted.at(-1)! };
    };
    const ours = row('next video, loaded ahead (the feed)', preloaded);
    const reference = row('two on, nothing loaded (reference)', cold);
    console.log(
      `\nLoad averages: ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
    console.log('\nFrom the key to the first frame, ms (median, worst):');
    for (const r of [ours, reference]) {
      console.log(
        `  ${r.name.padEnd(38)} ${r.median.toFixed(0).padStart(6)} ${r.worst.toFixed(0).padStart(6)}`,
      );
    }
    console.log(
      `  ratio (median, ours / reference): ${(ours.median / reference.median).toFixed(2)}x`,
    );
  } finally {
    await browser.close();
    await stopProc(site);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clipsDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  killEverything();
  process.exit(1);
});
