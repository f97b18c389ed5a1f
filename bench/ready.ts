/**
 * npm run bench:ready — how soon an upload plays: a generated 60 s 1080p H.264/AAC clip at
 * 8 Mbit/s (packages/media/test-support/test-video.ts) is uploaded through tus to the production server
 * as `npm start` runs it (embedded PGlite, in-process worker, port 3640), and the bench
 * prints the time from the upload's last byte to the first playable quality (the processing
 * events' `playable`, then the master playlist, its rendition playlist and first segment
 * fetched through /media as a player would) and to the video published with every quality.
 *
 * `--pg` puts the site on a fresh PostgreSQL database (BENCH_ADMIN_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). `--runs=N` uploads N times (default 1). The
 * clip is made once and kept in the temporary folder. Ends non-zero when the first quality
 * takes more than 5 s. Needs `npm run build` and ffmpeg.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestVideo } from '@cutroom/media/test-support/test-video';
import {
  createDatabase,
  createUpload,
  dropDatabase,
  killEverything,
  patchUpload,
  publishUpload,
  signUpMember,
  siteUrl,
  startSite,
  stopProc,
  type Member,
  type Proc,
  loadAverage,
} from './support/site';

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Math.max(1, Math.min(10, Number(argument('runs') ?? 1)));
const USE_PG = process.argv.includes('--pg');
const PORT = 3640;
const TARGET_FIRST_SECONDS = 5;
const CLIP = join(tmpdir(), 'cutroom-ready-60s-1080p-8M-v1.mp4');

const scratch = mkdtempSync(join(tmpdir(), 'cutroom-ready-'));
const databaseName = `cutroom_ready_${process.pid}`;
let site: Proc | null = null;

async function cleanUp() {
  if (site) await stopProc(site);
  killEverything();
  if (USE_PG) await dropDatabase(databaseName).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

const load = loadAverage;

interface StreamEvent {
  type: string;
  videoId?: string;
  quality?: number;
}

/**
 * The member's processing events (the SSE stream the video page listens to), each with the
 * time it arrived.
 */
async function followEvents(
  url: string,
  member: Member,
  stop: AbortSignal,
): Promise<{ events: (StreamEvent & { at: number })[]; opened: Promise<void> }> {
  const events: (StreamEvent & { at: number })[] = [];
  const response = await fetch(`${url}/api/processing/events`, {
    headers: { cookie: member.cookie, accept: 'text/event-stream' },
    signal: stop,
  });
  if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
  const opened = Promise.resolve();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push({ ...(JSON.parse(data) as StreamEvent), at: performance.now() });
        }
      }
    } catch {
      // Stopped.
    }
  })();
  return { events, opened };
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Fetches what a player fetches first: the master playlist, a rendition's, one segment. */
async function playerCanStart(url: string, member: Member, videoId: string): Promise<string> {
  const page = await (
    await fetch(`${url}/video/${videoId}`, { headers: { cookie: member.cookie } })
  ).text();
  const master = page.match(/\/media\/videos\/[^"'\s\\]+master\.m3u8(?:\?first)?/)?.[0];
  if (!master) throw new Error('the video page names no master playlist');
  const masterText = await (await fetch(`${url}${master}`)).text();
  const variant = masterText.split('\n').find((line) => line && !line.startsWith('#'));
  if (!variant) throw new Error('the master playlist names no rendition');
  const base = new URL(`${url}${master}`);
  const variantUrl = new URL(variant, base);
  const variantText = await (await fetch(variantUrl)).text();
  const segment = variantText.split('\n').find((line) => line && !line.startsWith('#'));
  if (!segment) throw new Error('the rendition playlist names no segment');
  const answer = await fetch(new URL(segment, variantUrl));
  if (!answer.ok) throw new Error(`the first segment answered ${answer.status}`);
  await answer.arrayBuffer();
  return `${variant} (${masterText.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF')).length} rendition in the master playlist)`;
}

let exitCode = 0;
try {
  if (!existsSync(CLIP)) {
    console.log('Making the 60 s 1080p clip at 8 Mbit/s (once) ...');
    await generateTestVideo({
      path: CLIP,
      width: 1920,
      height: 1080,
      seconds: 60,
      fps: 30,
      videoBitrate: '8M',
      preset: 'ultrafast',
    });
  }
  const bytes = new Uint8Array(readFileSync(CLIP));
  const dataDir = join(scratch, 'data');
  const databaseUrl = USE_PG ? await createDatabase(databaseName) : undefined;
  const url = siteUrl(PORT);
  site = await startSite({ port: PORT, dataDir, databaseUrl, env: { LOG_LEVEL: 'info' } });
  const member = await signUpMember(url, dataDir, 'ready');
  console.log(
    `Site ${url} (${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}, in-process worker); ` +
      `clip ${(bytes.byteLength / 1e6).toFixed(1)} MB; ${cpus().length} cores`,
  );
  const rows: { first: number; published: number; what: string }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const stop = new AbortController();
    const { events } = await followEvents(url, member, stop.signal);
    const location = await createUpload(url, member.cookie, bytes.byteLength);
    const loadBefore = load();
    const uploaded = await patchUpload(url, member.cookie, location, bytes, 0);
    if (uploaded.status !== 204) throw new Error(`tus patch answered ${uploaded.status}`);
    const uploadEnd = performance.now();
    const uploadEndWall = Date.now();
    const published = await publishUpload(url, member.cookie, location, `Ready ${run}`);
    if (published.status !== 201 || !published.body.video) {
      throw new Error(`publishing answered ${published.status}`);
    }
    const id = published.body.video.id;
    const accepted = performance.now();
    const playable = await waitFor(
      () => events.find((e) => e.videoId === id && ['playable', 'failed'].includes(e.type)),
      300_000,
    );
    if (playable.type === 'failed')
      throw new Error(`the video failed: ${JSON.stringify(playable)}`);
    const what = await playerCanStart(url, member, id);
    const firstPlayable = performance.now();
    const done = await waitFor(
      () => events.find((e) => e.videoId === id && ['published', 'failed'].includes(e.type)),
      600_000,
    );
    if (done.type === 'failed') throw new Error(`the video failed: ${JSON.stringify(done)}`);
    stop.abort();
    // When the worker took the job, from the server's log (pino's epoch milliseconds).
    const started = site
      .output()
      .split('\n')
      .map((line) => {
        try {
          return JSON.parse(line) as { msg?: string; videoId?: string; time?: number };
        } catch {
          return {};
        }
      })
      .find((entry) => entry.msg === 'transcode started' && entry.videoId === id);
    const jobStart = started?.time
      ? `${((started.time - uploadEndWall) / 1000).toFixed(2)} s`
      : '?';
    const row = {
      first: (firstPlayable - uploadEnd) / 1000,
      published: (done.at - uploadEnd) / 1000,
      what,
    };
    rows.push(row);
    console.log(
      `\nRun ${run} (load average ${loadBefore} before, ${load()} after):\n` +
        `  upload end → video accepted (POST /api/v2/upload)  ${((accepted - uploadEnd) / 1000).toFixed(2)} s\n` +
        `  upload end → the worker takes the job             ${jobStart}\n` +
        `  upload end → first quality playable (${playable.quality}p)   ${row.first.toFixed(2)} s  ${what}\n` +
        `  upload end → published, every quality            ${row.published.toFixed(2)} s`,
    );
  }
  const worst = Math.max(...rows.map((row) => row.first));
  console.log(
    worst <= TARGET_FIRST_SECONDS
      ? `\nFirst quality playable within ${TARGET_FIRST_SECONDS} s of the upload's end in every run.`
      : `\nOver target: the first quality took ${worst.toFixed(2)} s (target ${TARGET_FIRST_SECONDS} s).`,
  );
  if (worst > TARGET_FIRST_SECONDS) exitCode = 1;
} catch (error) {
  console.error('\nThe benchmark itself failed:', error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
