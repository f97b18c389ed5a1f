// `npm run bench:live`: glass-to-glass delay of a live, and the CPU its renditions take.
//
// ffmpeg streams a 1280x720 30 fps test pattern to the site over RTMP, in real time, with its
// frame number burnt into the top of every frame as 16 black-or-white cells (a clock: frame N
// is made at the stream's start + N/30 s). Chromium plays the live page; twice a second the
// bench reads the cells of the frame the player shows and compares the frame's time with the
// wall clock. Median, p95 and worst over a minute a rung (the top one, then 360p alone: the page
// opened again with a master playlist naming only it), beside the segment settings; BENCH_BASELINE=<a built checkout of an
// earlier commit> measures its site the same way in the same run. Then the CPU of the
// site's live ffmpeg over that minute (/proc), and of each rendition on its own (ffmpeg
// -benchmark on the same pattern), for docs/decisions/0043.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_PLAYBACK_LAUNCH } from '../packages/player/test/chromium.ts';
import {
  LIVE_LOW_HEIGHT,
  LIVE_SEGMENT_SECONDS,
  LIVE_WINDOW_SECONDS,
} from '../packages/media/src/live/live-ladder.ts';
import {
  killEverything,
  loadAverage,
  percentile,
  ROOT,
  signUpMember,
  siteUrl,
  sleep,
  startSite,
  stopProc,
} from './support/site.ts';

const PORT = Number(process.env.BENCH_PORT) || 4151;
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT) || 4150;
const FPS = 30;
const MEASURE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS) || 60;
const BASELINE = process.env.BENCH_BASELINE;
const BITS = 16;
const CELL = 1280 / BITS;
const run = promisify(execFile);

/** Total CPU seconds (user + system) of a process so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The children of a process (its threads' children), from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (list) found.push(...list.split(' ').map(Number));
  }
  return found;
}

/** The site's live ffmpeg: its child reading the stream from standard input. */
function liveFfmpegOf(sitePid: number): number | null {
  for (const child of childrenOf(sitePid)) {
    const cmdline = readFileSync(`/proc/${child}/cmdline`, 'utf8');
    if (cmdline.includes('ffmpeg') && cmdline.includes('pipe:0')) return child;
  }
  return null;
}

/** The frame-number cells over the top of the test pattern (geq on a small strip: cheap). */
const CLOCK_FILTER =
  `nullsrc=s=1280x48:r=${FPS},geq=lum='255*mod(floor(N/pow(2,floor(X/${CELL}))),2)':cb=128:cr=128,` +
  `format=yuv420p[clock];[0:v][clock]overlay=0:0:shortest=1[v]`;

async function cpuPerRendition(dir: string): Promise<{ what: string; cpu: number }[]> {
  const source = join(dir, 'pattern.flv');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=${FPS}:duration=20`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', String(FPS), '-b:v', '3000k'],
    ...['-pix_fmt', 'yuv420p', '-f', 'flv', source],
  ]);
  const rows: { what: string; cpu: number }[] = [];
  const variants: [string, string[]][] = [
    ['passed through (copy)', ['-c:v', 'copy']],
    ['decoding alone', ['-f', 'null']],
    ...[LIVE_LOW_HEIGHT, 480, 720].map((height): [string, string[]] => [
      `${height}p (decode + encode)`,
      [
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'],
        ...['-vf', `scale=-2:${height}`, '-force_key_frames', 'source', '-b:v', '1500k'],
      ],
    ]),
  ];
  for (const [what, args] of variants) {
    const output = args.includes('null') ? ['/dev/null'] : ['-f', 'mpegts', '/dev/null'];
    const { stderr } = await run('ffmpeg', [
      ...['-hide_banner', '-benchmark', '-y', '-i', source, '-map', '0:v', '-an'],
      ...args,
      ...output,
    ]);
    const match = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
    rows.push({ what, cpu: match ? (Number(match[1]) + Number(match[2])) / 20 : NaN });
  }
  return rows;
}

/** What one site's live measured: delays of each reading (ms), and its live ffmpeg's CPU. */
interface LiveRun {
  label: string;
  /** Per rung (`top`, `360p`): wall clock minus the frame's nominal making (start + N/30 s). */
  delays: Map<string, number[]>;
  /** Per rung: wall clock minus the pusher's sending of the frame (its own slowness left out). */
  fromSent: Map<string, number[]>;
  behindEdge: number[];
  liveCpu: number;
}

/**
 * One site (the checkout at `root`) taking the clock stream for `MEASURE_SECONDS` a rung: the
 * top rung as the player chooses it, then the 360p rung alone.
 */
async function measureSite(
  root: string,
  label: string,
  browser: Awaited<ReturnType<typeof chromium.launch>>,
): Promise<LiveRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'cutroom-bench-live-'));
  const dataDir = join(scratch, 'data');
  const url = siteUrl(PORT);
  const site = await startSite({
    root,
    port: PORT,
    dataDir,
    env: { LIVE_RTMP_PORT: String(RTMP_PORT), SEED_DEMO: 'false' },
  });
  let pusher: ReturnType<typeof spawn> | null = null;
  try {
    const member = await signUpMember(url, dataDir, 'live');
    const call = async (mode: string) => {
      const response = await fetch(`${url}/api/v2/live`, {
        method: 'POST',
        headers: { cookie: member.cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      return (await response.json()) as {
        key?: string;
        live: { onAir: { videoId: string; slug: string } | null; lastRefusal: string | null };
      };
    };
    const { key } = await call('NewKey');
    const startedAt = Date.now();
    pusher = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
        // Each frame's send time, four times a second: on a loaded machine the pusher runs
        // slower than real time, and its frame N leaves later than start + N/30 s.
        ...['-progress', 'pipe:1', '-stats_period', '0.25'],
        ...['-re', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=${FPS}`],
        ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
        ...['-filter_complex', CLOCK_FILTER, '-map', '[v]', '-map', '1:a'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'],
        ...['-g', String(FPS * LIVE_SEGMENT_SECONDS), '-b:v', '3000k', '-pix_fmt', 'yuv420p'],
        ...[
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          '-f',
          'flv',
          `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`,
        ],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    /** When the pusher reported each frame count sent. */
    const sent: { frame: number; at: number }[] = [];
    let progress = '';
    pusher.stdout!.on('data', (chunk: Buffer) => {
      progress += chunk.toString();
      const lines = progress.split('\n');
      progress = lines.pop()!;
      for (const line of lines) {
        const match = /^frame=(\d+)/.exec(line);
        if (match) sent.push({ frame: Number(match[1]), at: Date.now() });
      }
    });
    /** When frame `frame` had left the pusher: its first report at or past it. */
    const sentAt = (frame: number) => sent.find((entry) => entry.frame >= frame)?.at ?? null;
    let onAir = null;
    for (let tries = 0; !onAir && tries < 120; tries++) {
      const state = await call('get');
      onAir = state.live.onAir;
      if (!onAir) {
        if (state.live.lastRefusal) throw new Error(`refused: ${state.live.lastRefusal}`);
        await sleep(250);
      }
    }
    if (!onAir) throw new Error('the stream did not go on air');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const path = `/video/${onAir.slug}_${onAir.videoId}`;
    /** Opens the live page and plays it; with `rung`, only that rung of the master (v1: 360p). */
    const play = async (rung?: string) => {
      if (rung) {
        await page.route('**/live/*/master.m3u8', async (route) => {
          const response = await route.fetch();
          const lines = (await response.text()).split('\n');
          const kept = lines.filter(
            (line, index) =>
              !(line.startsWith('#EXT-X-STREAM-INF') && !lines[index + 1]?.startsWith(rung)) &&
              !(/^v\d+\//.test(line) && !line.startsWith(rung)),
          );
          await route.fulfill({ response, body: kept.join('\n') });
        });
      }
      for (let tries = 0; tries < 60; tries++) {
        await page.goto(`${url}${path}`);
        if ((await page.locator('video').count()) > 0) break;
        await sleep(500);
      }
      await page.locator('video').evaluate((video: HTMLVideoElement) => {
        video.muted = true;
        return video.play();
      });
      await page
        .waitForFunction(
          () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
          undefined,
          { polling: 100 },
        )
        .catch(async (error: unknown) => {
          const state = await page.locator('video').evaluate((video: HTMLVideoElement) => ({
            src: video.currentSrc,
            error: video.error?.message,
            readyState: video.readyState,
            paused: video.paused,
          }));
          throw new Error(`${String(error)} ${JSON.stringify(state)}`);
        });
    };
    await play();
    const ffmpegPid = liveFfmpegOf(site.child.pid!);
    const cpuBefore = ffmpegPid ? cpuSeconds(ffmpegPid) : NaN;
    const measureStart = Date.now();
    const delays = new Map<string, number[]>();
    const fromSent = new Map<string, number[]>();
    const behindEdge: number[] = [];
    for (const rung of ['top', `${LIVE_LOW_HEIGHT}p`]) {
      if (rung !== 'top') {
        // The low rung alone (a two-rung live has no Quality menu, docs/player/behaviour.md):
        // the page opened again with a master naming only it; its first seconds left out.
        await play('v1/');
        await sleep(4_000);
      }
      const readings: number[] = [];
      delays.set(rung, readings);
      const sentReadings: number[] = [];
      fromSent.set(rung, sentReadings);
      const rungStart = Date.now();
      while (Date.now() - rungStart < MEASURE_SECONDS * 1000) {
        const seen = await page.evaluate(
          ({ bits, cell }) => {
            const video = document.querySelector('video')!;
            const canvas = document.createElement('canvas');
            canvas.width = 1280;
            canvas.height = 720;
            const context = canvas.getContext('2d', { willReadFrequently: true })!;
            context.drawImage(video, 0, 0, 1280, 720);
            const row = context.getImageData(0, 24, 1280, 1).data;
            let frame = 0;
            for (let bit = 0; bit < bits; bit++) {
              const x = Math.round(bit * cell + cell / 2);
              if (row[x * 4]! > 128) frame += 2 ** bit;
            }
            const seekable = video.seekable;
            const edge = seekable.length ? seekable.end(seekable.length - 1) : video.currentTime;
            return {
              frame,
              now: Date.now(),
              behind: edge - video.currentTime,
              height: video.videoHeight,
            };
          },
          { bits: BITS, cell: CELL },
        );
        if (rung !== 'top' && seen.height !== LIVE_LOW_HEIGHT) {
          await sleep(500);
          continue;
        }
        readings.push(seen.now - (startedAt + (seen.frame / FPS) * 1000));
        const left = sentAt(seen.frame);
        if (left !== null) sentReadings.push(seen.now - left);
        behindEdge.push(seen.behind * 1000);
        await sleep(500);
      }
    }
    const cpuAfter = ffmpegPid ? cpuSeconds(ffmpegPid) : NaN;
    const liveCpu = (cpuAfter - cpuBefore) / ((Date.now() - measureStart) / 1000);
    await page.close();
    return { label, delays, fromSent, behindEdge, liveCpu };
  } finally {
    pusher?.kill('SIGKILL');
    await stopProc(site);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);

async function main() {
  const browser = await chromium.launch(CHROMIUM_PLAYBACK_LAUNCH);
  const runs: LiveRun[] = [];
  try {
    runs.push(await measureSite(ROOT, 'this build', browser));
    // BENCH_BASELINE=<a built checkout of an earlier commit>: the same measure of its site.
    if (BASELINE) runs.push(await measureSite(BASELINE, `baseline (${BASELINE})`, browser));
  } finally {
    await browser.close();
  }
  const scratch = mkdtempSync(join(tmpdir(), 'cutroom-bench-live-cpu-'));
  const perRendition = await cpuPerRendition(scratch).finally(() =>
    rmSync(scratch, { recursive: true, force: true }),
  );

  console.log(
    `\nLive segments: ${LIVE_SEGMENT_SECONDS} s (keyframe every ${LIVE_SEGMENT_SECONDS} s), ` +
      `window ${LIVE_WINDOW_SECONDS / 60} min; ladder: passed through + ${LIVE_LOW_HEIGHT}p; ` +
      `stream 1280x720 ${FPS} fps 3 Mbit/s; load ${loadAverage()}`,
  );
  console.log(
    `Glass to glass, ${MEASURE_SECONDS} s a rung, readings twice a second: from the pusher's ` +
      'sending of each frame (its own slowness on a loaded machine left out), and from the ' +
      "frame's nominal time (start + N/30 s: the pusher's lag included, growing over the run)",
  );
  const row = (values: number[]) => {
    const sorted = sortedOf(values);
    return (
      `median ${seconds(percentile(sorted, 50))} s, p95 ${seconds(percentile(sorted, 95))} s, ` +
      `worst ${seconds(sorted.at(-1) ?? NaN)} s (${values.length})`
    );
  };
  for (const run of runs) {
    for (const rung of run.delays.keys()) {
      console.log(
        `  ${run.label.padEnd(12)} ${rung.padEnd(5)} sent  ${row(run.fromSent.get(rung)!)}`,
      );
      console.log(
        `  ${run.label.padEnd(12)} ${rung.padEnd(5)} nominal ${row(run.delays.get(rung)!)}`,
      );
    }
    console.log(
      `  ${run.label.padEnd(12)} behind the newest media the player knows: median ` +
        `${seconds(percentile(sortedOf(run.behindEdge), 50))} s; the live ffmpeg ` +
        `${(run.liveCpu * 100).toFixed(0)} % of a core`,
    );
  }
  const [ours, baseline] = runs;
  if (ours && baseline) {
    for (const rung of ours.delays.keys()) {
      const median = (values: number[] | undefined) => percentile(sortedOf(values ?? []), 50);
      const ratio = median(ours.fromSent.get(rung)) / median(baseline.fromSent.get(rung));
      console.log(`  ${rung}: this build / baseline, medians from the send: ${ratio.toFixed(2)}x`);
    }
  }
  console.log('CPU per rendition (20 s of the same pattern, share of one core in real time):');
  for (const row of perRendition)
    console.log(`  ${row.what.padEnd(26)} ${(row.cpu * 100).toFixed(1)} %`);
}

main().catch((error: unknown) => {
  console.error(error);
  killEverything();
  process.exit(1);
});
