/**
 * Helpers the fault and load benchmarks share: starting the production server and separate
 * workers as `npm start` and `npm run worker` run them, fresh PostgreSQL databases, members
 * signed up through the API, and tus uploads.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort } from '@cutroom/core/test-support/free-port';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { firstLink, parseMail } from '@cutroom/core/platform/mail/parse-mail';
import { serverProcessOptions } from '../../apps/web/server-process.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const ADMIN_DATABASE_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export { sleep };

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (the last 200 kB). */
  output(): string;
  /** Resolves when it has exited. */
  exited: Promise<void>;
}

function track(name: string, child: ChildProcess): Proc {
  let log = '';
  const add = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-200_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  running.add(child);
  void exited.then(() => running.delete(child));
  return { name, child, output: () => log, exited };
}

/** Every process started here and still running: stopped on exit, whatever happens. */
const running = new Set<ChildProcess>();
export function killEverything(): void {
  for (const child of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
process.once('exit', killEverything);

export interface SiteOptions {
  /** The checkout whose site starts (another build's, for a side-by-side); this one's when absent. */
  root?: string;
  port: number;
  dataDir: string;
  /** A PostgreSQL server; embedded PGlite in DATA_DIR/db when absent. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Node options before the script (`--cpu-prof` ...). */
  nodeArgs?: string[];
  /** How long it may take to serve (2 minutes by default; a busy machine wants more). */
  readyWithinMs?: number;
}

export const siteUrl = (port: number) => `http://127.0.0.1:${port}`;

/** The production server (apps/web/server.ts on the `npm run build` output), ready to serve. */
export async function startSite(options: SiteOptions): Promise<Proc> {
  const url = siteUrl(options.port);
  const root = options.root ?? ROOT;
  if (!existsSync(join(root, 'apps/web/.next/BUILD_ID'))) {
    throw new Error(`The site in ${root} is not built: run \`npm run build\` there first`);
  }
  // Started as `npm start` starts it: its heap's ceiling and malloc's arenas.
  const processOptions = serverProcessOptions({ ...process.env, ...options.env });
  const child = spawn(
    process.execPath,
    [...processOptions.nodeArgs, ...(options.nodeArgs ?? []), '--import', 'tsx', 'server.ts'],
    {
      cwd: join(root, 'apps/web'),
      env: {
        ...process.env,
        ...processOptions.env,
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        // Benchmarks register their members through the API, as scripts, with no browser.
        BOT_CHECK: 'off',
        PORT: String(options.port),
        // Benchmarks take no live streams (bench:live starts its own): no RTMP port to share.
        LIVE_RTMP_PORT: '0',
        PUBLIC_URL: url,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const proc = track(`web :${options.port}`, child);
  await waitUntilServing(url, proc, options.readyWithinMs ?? 120_000);
  return proc;
}

export async function waitUntilServing(url: string, proc: Proc, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited:\n${proc.output().slice(-4000)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${proc.name} did not start:\n${proc.output().slice(-4000)}`);
    }
    try {
      if ((await fetch(`${url}/builds/latest.json`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
}

/** A separate transcoding worker, the process `npm run worker` runs. */
export async function startWorker(options: {
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/media/src/worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = track('worker', child);
  const deadline = Date.now() + 60_000;
  while (!proc.output().includes('worker ready')) {
    if (child.exitCode !== null) throw new Error(`The worker exited:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`The worker did not start:\n${proc.output()}`);
    await sleep(100);
  }
  return proc;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when it is gone. */
export async function stopProc(proc: Proc, graceMs = 15_000): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

export async function killHard(proc: Proc): Promise<void> {
  proc.child.kill('SIGKILL');
  await proc.exited;
}

// ---------------------------------------------------------------------------------------------
// Databases

/** Creates an empty database on the PostgreSQL server; answers its URL. */
export async function createDatabase(
  name: string,
  /** A database on the server to connect to first (any one: the new one is made beside it). */
  adminUrl = ADMIN_DATABASE_URL,
): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string, adminUrl = ADMIN_DATABASE_URL): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Members

export interface Member {
  username: string;
  email: string;
  password: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
}

let memberCounter = 0;

/** Signs up through the API, follows the mailed link (the outbox in DATA_DIR) and signs in. */
export async function signUpMember(
  url: string,
  dataDir: string,
  prefix = 'bench',
  /** The fetch to send with (the soak bench's records every request). */
  send: typeof fetch = fetch,
  /** A name of its own instead of one made from `prefix` (an address named in ADMIN_EMAILS). */
  name?: string,
): Promise<Member> {
  memberCounter += 1;
  const username = name ?? `${prefix}${Date.now().toString(36)}${memberCounter}`;
  const email = `${username}@example.test`;
  const password = 'bench-password-1';
  const created = await send(`${url}/api/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, email, password }),
  });
  if (!created.ok)
    throw new Error(`createuser answered ${created.status}: ${await created.text()}`);
  const outbox = `${dataDir}/outbox`;
  const deadline = Date.now() + 15_000;
  let link: string | null = null;
  while (!link) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const raw = readFileSync(`${outbox}/${file}`, 'utf8');
      if (raw.toLowerCase().includes(email)) link = firstLink(parseMail(raw));
    }
    if (!link && Date.now() > deadline) throw new Error(`No mail to ${email} in ${outbox}`);
    if (!link) await sleep(100);
  }
  const verified = await send(link, { redirect: 'manual' });
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  return { username, email, password, cookie: await signIn(url, email, password, send) };
}

export async function signIn(
  url: string,
  email: string,
  password: string,
  send: typeof fetch = fetch,
): Promise<string> {
  const response = await send(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// tus uploads and publishing

const b64 = (value: string) => Buffer.from(value).toString('base64');
export const tusHeaders = (url: string, cookie: string) => ({
  cookie,
  origin: url,
  'tus-resumable': '1.0.0',
});

/** POST /api/uploads: answers the upload's URL. */
export async function createUpload(
  url: string,
  cookie: string,
  size: number,
  send: typeof fetch = fetch,
): Promise<string> {
  const create = () =>
    send(`${url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(url, cookie),
        'upload-length': String(size),
        'upload-metadata': `filename ${b64('bench.mp4')},filetype ${b64('video/mp4')}`,
      },
    });
  // A kept-alive connection the server closed as it was reused (a busy machine): once more on
  // a new one; at worst an unused upload is left for the hourly sweep.
  const response = await create().catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return create();
  });
  if (response.status !== 201) {
    throw new Error(`tus create answered ${response.status}: ${await response.text()}`);
  }
  return new URL(response.headers.get('location')!, `${url}/api/uploads/`).toString();
}

/** HEAD: the offset the server holds, or null when it answers otherwise than 200. */
export async function uploadOffset(
  url: string,
  cookie: string,
  location: string,
): Promise<number | null> {
  const response = await fetch(location, { method: 'HEAD', headers: tusHeaders(url, cookie) });
  if (response.status !== 200) return null;
  return Number(response.headers.get('upload-offset'));
}

/** One PATCH with the bytes from `offset`: answers the status, new offset and message. */
export async function patchUpload(
  url: string,
  cookie: string,
  location: string,
  bytes: Uint8Array,
  offset: number,
  send: typeof fetch = fetch,
): Promise<{ status: number; offset: number | null; body: string }> {
  const response = await send(location, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(url, cookie),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    body: new Uint8Array(bytes.subarray(offset)),
  });
  const header = response.headers.get('upload-offset');
  return {
    status: response.status,
    offset: header === null ? null : Number(header),
    body: await response.text(),
  };
}

/** POST /api/v2/upload: the finished upload becomes a video in processing. */
export async function publishUpload(
  url: string,
  cookie: string,
  location: string,
  title: string,
  send: typeof fetch = fetch,
): Promise<{ status: number; body: { video?: { id: string }; error?: string } }> {
  const uploadId = new URL(location).pathname.split('/').pop()!;
  const response = await send(`${url}/api/v2/upload`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadId, title, category: 'other' }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { video?: { id: string }; error?: string },
  };
}

/** Creates, uploads in one PATCH and publishes: answers the new video's id. */
export async function uploadAndPublish(
  url: string,
  member: Member,
  bytes: Uint8Array,
  title: string,
  send: typeof fetch = fetch,
): Promise<string> {
  const location = await createUpload(url, member.cookie, bytes.byteLength, send);
  const patched = await patchUpload(url, member.cookie, location, bytes, 0, send);
  if (patched.status !== 204) throw new Error(`tus patch answered ${patched.status}`);
  const published = await publishUpload(url, member.cookie, location, title, send);
  if (published.status !== 201 || !published.body.video) {
    throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body)}`);
  }
  return published.body.video.id;
}

export type VideoState =
  | { state: 'published' }
  | { state: 'processing' | 'failed'; progress?: number; reason?: string | null }
  | { state: 'absent' };

/** Where a member's video stands, as their profile lists it. */
export async function videoState(
  url: string,
  member: Member,
  id: string,
  send: typeof fetch = fetch,
): Promise<VideoState> {
  const response = await send(`${url}/api/v2/profileInput`, {
    method: 'POST',
    headers: { cookie: member.cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'LoadProfileVideos', username: member.username }),
  });
  if (!response.ok) throw new Error(`profileInput answered ${response.status}`);
  const page = (await response.json()) as {
    videos?: { _id: string }[];
    processingVideos?: {
      _id: string;
      status: string;
      progress?: number;
      failureReason: string | null;
    }[];
  };
  if (page.videos?.some((video) => video._id === id)) return { state: 'published' };
  const processing = page.processingVideos?.find((video) => video._id === id);
  if (!processing) return { state: 'absent' };
  return {
    state: processing.status === 'failed' ? 'failed' : 'processing',
    progress: processing.progress,
    reason: processing.failureReason,
  };
}

/** Waits until the video is published or failed; answers the last state and the seconds. */
export async function waitForOutcome(
  url: string,
  member: Member,
  id: string,
  timeoutMs: number,
  send: typeof fetch = fetch,
): Promise<{ state: VideoState; seconds: number }> {
  const started = performance.now();
  for (;;) {
    const state = await videoState(url, member, id, send).catch(
      () => ({ state: 'processing' }) as VideoState,
    );
    const seconds = (performance.now() - started) / 1000;
    // 'absent' may be a moment between leaving processing and the cached listing showing it.
    if (state.state === 'published' || state.state === 'failed') return { state, seconds };
    if (performance.now() - started > timeoutMs) return { state, seconds };
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------------------------
// Figures

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The machine's load averages (1, 5, 15 minutes), for a bench's header: it is shared. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * A 3 s 240p H.264/AAC clip made by ffmpeg in `dir`, as bytes to upload: Conway's life from
 * `seed` in big cells, so that clips of other seeds look nothing alike (a video matching another
 * member's is held as a re-upload, docs/reuploads.md).
 */
export function tinyVideo(dir: string, seed = 1): Uint8Array {
  const file = join(dir, `tiny-${seed}.mp4`);
  const life = `life=size=64x36:rate=25:seed=${seed}:ratio=0.5:mold=8:life_color=#ffb040:death_color=#203050`;
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `${life},scale=426x240:flags=neighbor,format=yuv420p`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file],
  ]);
  return new Uint8Array(readFileSync(file));
}

// ---------------------------------------------------------------------------------------------
// Throughput

export interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const requireCjs = createRequire(import.meta.url);

/** autocannon's run, awaited: 50 connections for 10 s unless told otherwise. */
export function autocannon(options: {
  url: string;
  connections?: number;
  duration?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A sequence each connection goes through in turn, instead of one request. */
  requests?: {
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }[];
}): Promise<AutocannonResult> {
  const run = requireCjs('autocannon') as (options: object) => PromiseLike<AutocannonResult>;
  return Promise.resolve(run({ connections: 50, duration: 10, timeout: 10, ...options }));
}

/**
 * A plain Node HTTP server sending `body` for every request, in a process of its own (in the
 * bench's process it would share a thread with autocannon, and the baseline would be too low).
 */
export async function plainServer(
  body: Buffer,
  contentType: string,
  /** A second answer, sent for requests to this path (a page's follow-up call). */
  alsoAt?: { path: string; body: Buffer; contentType: string },
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-bench-plain-'));
  const file = join(dir, 'body');
  writeFileSync(file, body);
  writeFileSync(join(dir, 'also'), alsoAt?.body ?? '');
  const port = await freePort();
  const source = `
    const [file, type, port, alsoPath, alsoType] = process.argv.slice(1);
    const body = require('node:fs').readFileSync(file);
    const also = require('node:fs').readFileSync(require('node:path').join(file, '..', 'also'));
    require('node:http')
      .createServer((request, response) => {
        const [answer, answerType] = request.url === alsoPath ? [also, alsoType] : [body, type];
        response.writeHead(200, { 'content-type': answerType, 'content-length': answer.length });
        response.end(answer);
      })
      .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\\n'));`;
  const args = [file, contentType, String(port), alsoAt?.path ?? '', alsoAt?.contentType ?? ''];
  const child = spawn(process.execPath, ['-e', source, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const proc = track('plain node', child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the plain server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopProc(proc, 2_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
