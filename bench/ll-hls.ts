// `npm run bench:ll-hls`: the live rung packager's Low-Latency HLS against whole segments, as
// hls.js plays them (docs/decisions/0065). ffmpeg encodes a 640x360 30 fps pattern in real time
// as the live ladder's fragmented MP4; the packager makes parts and segments as they arrive; a
// loopback server answers blocking playlist reloads from the packager's newest playlist; Chromium
// plays the playlist with hls.js, once with `lowLatencyMode` and once reading whole segments
// (two behind, the live page's setting today). Prints, for each, the median and p95 of the wall
// clock minus the program date-time of the frame playing (`hls.playingDate`): the delay from the
// packager's receiving a segment's first fragment to its showing, the encoder and the RTMP
// ingest left out (`npm run bench:live` measures the whole path).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  LlHlsPackager,
  PART_SECONDS,
  isReloadReady,
} from '../packages/media/src/live/ll-hls-packager.ts';
import { CHROMIUM_PLAYBACK_LAUNCH } from '../packages/player/test/chromium.ts';
import { percentile, sleep } from './support/site.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES) || 40;
/** A blocking reload waits at most this long (three target durations). */
const HOLD_MS = 3_000;

const folder = mkdtempSync(join(tmpdir(), 'cutroom-bench-ll-hls-'));
let edge = { msn: -1, part: -1 };
let playlist = '';
const waiting = new Set<() => void>();
const packager = new LlHlsPackager({
  folder,
  segmentSeconds: 1,
  windowSegments: 720,
  onUpdate: (update) => {
    edge = { msn: update.msn, part: update.part };
    playlist = update.playlist;
    for (const wake of waiting) wake();
  },
});
const encoder = spawn(
  'ffmpeg',
  [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
    ...['-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-b:v', '1000k'],
    ...['-c:a', 'aac', '-b:a', '96k'],
    ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof'],
    ...['-frag_duration', String(PART_SECONDS * 1_000_000), '-flush_packets', '1', 'pipe:1'],
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const packaging = packager.feed(encoder.stdout).catch((error: unknown) => {
  console.error(`the packager stopped: ${String(error)}`);
});

const hlsJs = join(process.cwd(), 'node_modules/hls.js/dist/hls.mjs');
const server = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', 'http://bench');
    if (url.pathname === '/') {
      response.setHeader('content-type', 'text/html');
      response.end(
        '<!doctype html><title>LL-HLS</title><video muted playsinline width=640></video>',
      );
      return;
    }
    if (url.pathname === '/hls.mjs') {
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(hlsJs));
      return;
    }
    const name = url.pathname.replace(/^\/live\//, '');
    if (name === 'index.m3u8') {
      const msn = url.searchParams.get('_HLS_msn');
      const part = url.searchParams.get('_HLS_part');
      const deadline = Date.now() + HOLD_MS;
      while (
        msn !== null &&
        !isReloadReady(edge, Number(msn), part === null ? undefined : Number(part)) &&
        Date.now() < deadline
      ) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 100);
        });
      }
      response.setHeader('content-type', 'application/vnd.apple.mpegurl');
      response.setHeader('cache-control', 'no-store');
      response.end(playlist);
      return;
    }
    const file = join(folder, name.replace(/[^\w.-]/g, ''));
    if (!existsSync(file)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.end(readFileSync(file));
  })();
}).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const port = (server.address() as { port: number }).port;
await sleep(3_000);

const browser = await chromium.launch(CHROMIUM_PLAYBACK_LAUNCH);
console.log(`bench:ll-hls — ${SAMPLES} samples each, twice a second, after 6 s of playing`);
for (const isLowLatency of [true, false]) {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const result = await page.evaluate(
    async ({ isLowLatency, samples }) => {
      const { default: Hls } = (await import('/hls.mjs' as string)) as {
        default: new (config: object) => {
          loadSource(url: string): void;
          attachMedia(video: HTMLVideoElement): void;
          playingDate: Date | null;
        };
      };
      const video = document.querySelector('video')!;
      const hls = new Hls(
        isLowLatency
          ? { lowLatencyMode: true }
          : { lowLatencyMode: false, liveSyncDurationCount: 2 },
      );
      hls.loadSource('/live/index.m3u8');
      hls.attachMedia(video);
      void video.play().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const delays: number[] = [];
      for (let i = 0; i < samples; i++) {
        if (hls.playingDate) delays.push(Date.now() - hls.playingDate.getTime());
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const parts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/part-')).length;
      return { delays, parts };
    },
    { isLowLatency, samples: SAMPLES },
  );
  const what = isLowLatency ? 'LL-HLS (parts, blocking reloads)' : 'whole 1 s segments, 2 behind';
  const sorted = [...result.delays].sort((a, b) => a - b);
  console.log(
    `  ${what.padEnd(34)} median ${percentile(sorted, 50)} ms  p95 ${percentile(sorted, 95)} ms  (${result.delays.length} samples, ${result.parts} parts fetched)`,
  );
  await page.close();
}
await browser.close();
encoder.kill('SIGINT');
await packaging;
server.close();
rmSync(folder, { recursive: true, force: true });
