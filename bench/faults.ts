/**
 * npm run bench:faults — the site under five faults, with figures, not a timed test:
 *
 * 1. upload:   kill -9 of the web process (embedded PGlite, as `npm start` runs) while a tus
 *              PATCH is streaming; restarted, the upload resumes from the offset the server
 *              kept and the finished file must be byte-identical and publish.
 * 2. worker:   kill -9 of a separate `npm run worker` process in the middle of a transcode
 *              (PostgreSQL server, INPROCESS_WORKER=false); a replacement worker is started at
 *              once, as a process manager would, and the job must finish by itself.
 * 3. postgres: the PostgreSQL server restarted (pg_ctlcluster ... restart) while requests run;
 *              the site must answer again with no hand step, and a new upload must publish.
 * 4. disk:     DATA_DIR on a small tmpfs; an upload that does not fit, and one that fits but
 *              whose stored copy does not: a clear error, no video row, no stray objects, and
 *              the site works again once there is room.
 * 5. disk-pglite: the same with the embedded PGlite database on that full disk (`npm start`'s
 *              layout); restarted afterwards, the database must open and hold everything.
 *
 * Each starts its own servers on ports 3601–3605 with data under /tmp (and databases
 * cutroom_faults_*), and stops and removes everything. Ends non-zero when a fault was not
 * survived. `--only=upload,worker,postgres,disk,disk-pglite` picks some. Needs `npm run build`,
 * ffmpeg, a PostgreSQL server at BENCH_ADMIN_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and root for the restart and the mount.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  ADMIN_DATABASE_URL,
  createDatabase,
  createUpload,
  dropDatabase,
  killEverything,
  killHard,
  patchUpload,
  publishUpload,
  signUpMember,
  siteUrl,
  sleep,
  startSite,
  startWorker,
  stopProc,
  tusHeaders,
  uploadAndPublish,
  uploadOffset,
  videoState,
  waitForOutcome,
  type Member,
  type Proc,
} from './support/site';

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (name: string) => !only || only.includes(name);

const scratch = mkdtempSync(join(tmpdir(), 'cutroom-faults-'));
const databases: string[] = [];
const mounts: string[] = [];

interface Outcome {
  fault: string;
  survived: boolean;
  figures: [string, string][];
  notes: string[];
}
const outcomes: Outcome[] = [];

function report(outcome: Outcome) {
  outcomes.push(outcome);
  console.log(`\n${outcome.fault}: ${outcome.survived ? 'SURVIVED' : 'NOT SURVIVED'}`);
  for (const [name, value] of outcome.figures) console.log(`  ${name.padEnd(44)} ${value}`);
  for (const note of outcome.notes) console.log(`  ! ${note}`);
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------------------------------------
// Test videos

/** An H.264/AAC MP4 made by ffmpeg; `noise` makes it big (about 7 MB a second at 360p). */
function makeVideo(
  name: string,
  options: { seconds: number; height: number; noise?: boolean },
): Uint8Array {
  const file = join(scratch, `${name}.mp4`);
  const width = Math.round((options.height * 16) / 9 / 2) * 2;
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${options.height}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(options.seconds), '-pix_fmt', 'yuv420p', '-g', '50'],
    ...(options.noise
      ? ['-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '4']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23']),
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file],
  ]);
  return new Uint8Array(readFileSync(file));
}

// ---------------------------------------------------------------------------------------------
// 1. kill -9 of the web process during an upload

/**
 * Streams the bytes from `offset` in one PATCH, `chunk` bytes every `everyMs`; calls `onSent`
 * with the running total. Settles (never rejects) when the request ends, however it ends.
 */
function trickle(
  location: string,
  headers: Record<string, string>,
  bytes: Uint8Array,
  offset: number,
  pace: { chunk: number; everyMs: number },
  onSent: (sent: number) => void,
): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const request = httpRequest(location, {
      method: 'PATCH',
      headers: {
        ...headers,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(bytes.byteLength - offset),
      },
    });
    let done = false;
    const finish = (status: number | null, error: string | null) => {
      if (done) return;
      done = true;
      resolve({ status, error });
    };
    request.on('response', (response) => {
      response.resume();
      finish(response.statusCode ?? null, null);
    });
    request.on('error', (error) => finish(null, error.message));
    let position = offset;
    const next = () => {
      if (done) return;
      if (position >= bytes.byteLength) {
        request.end();
        return;
      }
      const end = Math.min(bytes.byteLength, position + pace.chunk);
      request.write(bytes.subarray(position, end), () => {
        onSent(end);
        setTimeout(next, pace.everyMs);
      });
      position = end;
    };
    next();
  });
}

async function faultUpload(big: Uint8Array): Promise<void> {
  const port = 3601;
  const url = siteUrl(port);
  const dataDir = join(scratch, 'upload');
  const notes: string[] = [];
  let site: Proc | null = await startSite({ port, dataDir });
  try {
    const member = await signUpMember(url, dataDir, 'fault');
    const location = await createUpload(url, member.cookie, big.byteLength);
    // Kill once 40 % has been sent, in the middle of the PATCH (about 8 MB/s).
    const killAt = Math.floor(big.byteLength * 0.4);
    let sent = 0;
    let killedAt = 0;
    let killing: Promise<void> | null = null;
    const current = site;
    const patch = await trickle(
      location,
      tusHeaders(url, member.cookie),
      big,
      0,
      { chunk: 256 * 1024, everyMs: 30 },
      (total) => {
        sent = total;
        if (!killing && total >= killAt) {
          killedAt = performance.now();
          killing = killHard(current);
        }
      },
    );
    await killing;
    const sentAtKill = sent;
    // Restarted as a process manager would: same port, same data folder.
    const restartStarted = performance.now();
    site = await startSite({ port, dataDir });
    const restartMs = performance.now() - restartStarted;
    const kept = await uploadOffset(url, member.cookie, location);
    const resumedMs = performance.now() - killedAt;
    if (kept === null)
      throw new Error('the upload is gone after the restart (HEAD did not answer 200)');
    const rest = await patchUpload(url, member.cookie, location, big, kept);
    const finalOffset = await uploadOffset(url, member.cookie, location);
    const uploadId = new URL(location).pathname.split('/').pop()!;
    const storedPath = join(dataDir, 'uploads', uploadId);
    const stored = existsSync(storedPath) ? new Uint8Array(readFileSync(storedPath)) : null;
    const identical = stored !== null && sha256(stored) === sha256(big);
    const published = await publishUpload(url, member.cookie, location, 'Resumed after a crash');
    const videoId = published.body.video?.id;
    const outcome = videoId
      ? await waitForOutcome(url, member, videoId, 180_000)
      : { state: { state: 'absent' as const }, seconds: 0 };
    if (rest.status !== 204) notes.push(`the resuming PATCH answered ${rest.status}: ${rest.body}`);
    if (!identical) notes.push('the finished upload differs from the file sent');
    if (!videoId)
      notes.push(`publishing answered ${published.status}: ${JSON.stringify(published.body)}`);
    report({
      fault: '1. kill -9 of the web process during a tus upload (PGlite, as npm start)',
      survived:
        rest.status === 204 &&
        finalOffset === big.byteLength &&
        identical &&
        outcome.state.state === 'published',
      figures: [
        ['file', mb(big.byteLength)],
        [
          'sent when killed (PATCH still streaming)',
          `${mb(sentAtKill)} (${patch.error ?? patch.status})`,
        ],
        ['restart of the web process until it serves', s(restartMs)],
        ['kill to resumable (HEAD answers the offset)', s(resumedMs)],
        ['offset the server kept', mb(kept)],
        [
          'bytes sent again (received, not kept)',
          `${Math.max(0, sentAtKill - kept).toLocaleString('en')} B`,
        ],
        ['bytes lost in the finished file', identical ? '0 (sha-256 identical)' : 'DIFFERENT'],
        [
          'publish → published after the restart',
          `${outcome.state.state} in ${s(outcome.seconds * 1000)}`,
        ],
      ],
      notes,
    });
  } finally {
    if (site) await stopProc(site);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. kill -9 of the worker during a transcode, 3. PostgreSQL restarted under load

interface PgSite {
  url: string;
  dataDir: string;
  databaseUrl: string;
  web: Proc;
  worker: Proc;
  pool: pg.Pool;
  member: Member;
}

async function startPgSite(port: number, name: string): Promise<PgSite> {
  const databaseUrl = await createDatabase(name);
  databases.push(name);
  const dataDir = join(scratch, name);
  const url = siteUrl(port);
  const web = await startSite({
    port,
    dataDir,
    databaseUrl,
    env: { INPROCESS_WORKER: 'false' },
  });
  const worker = await startWorker({ dataDir, databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  const member = await signUpMember(url, dataDir, 'fault');
  return { url, dataDir, databaseUrl, web, worker, pool, member };
}

async function videoRow(pool: pg.Pool, id: string) {
  const { rows } = await pool.query<{
    status: string;
    progress: number;
    failure_reason: string | null;
    job_id: string | null;
  }>('select status, progress, failure_reason, job_id from videos where id = $1', [id]);
  return rows[0] ?? null;
}

async function jobRow(pool: pg.Pool, jobId: string) {
  const { rows } = await pool.query<{ state: string; retry_count: number }>(
    'select state, retry_count from pgboss.job where id = $1',
    [jobId],
  );
  return rows[0] ?? null;
}

/** ffmpeg processes working on this video's scratch folder (left by a killed worker). */
function ffmpegFor(videoId: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('ffmpeg') && command.includes(`cutroom-transcode-${videoId}`)) {
        pids.push(Number(entry));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

async function faultWorker(site: PgSite, video: Uint8Array): Promise<PgSite> {
  const notes: string[] = [];
  const videoId = await uploadAndPublish(site.url, site.member, video, 'Worker killed mid-way');
  const started = performance.now();
  let row = await videoRow(site.pool, videoId);
  while (row && row.status === 'processing' && row.progress < 10) {
    if (performance.now() - started > 120_000) throw new Error('the transcode did not start');
    await sleep(200);
    row = await videoRow(site.pool, videoId);
  }
  if (!row || row.status !== 'processing') throw new Error(`the video is ${row?.status}`);
  const progressAtKill = row.progress;
  const killedAt = performance.now();
  await killHard(site.worker);
  await sleep(1000);
  const orphans = ffmpegFor(videoId);
  // How long the killed attempt's ffmpeg runs on (it is not the worker's process group).
  let orphanMs: number | null = orphans.length === 0 ? 0 : null;
  const watchOrphans = (async () => {
    while (orphanMs === null && performance.now() - killedAt < 300_000) {
      if (
        orphans.every(
          (pid) => !existsSync(`/proc/${pid}/cmdline`) || !ffmpegFor(videoId).includes(pid),
        )
      ) {
        orphanMs = performance.now() - killedAt;
      }
      await sleep(250);
    }
  })();
  // A process manager restarts the worker.
  const worker = await startWorker({ dataDir: site.dataDir, databaseUrl: site.databaseUrl });
  site = { ...site, worker };
  let restartedMs: number | null = null;
  let outcome = row;
  for (;;) {
    outcome = (await videoRow(site.pool, videoId)) ?? outcome;
    const job = row.job_id ? await jobRow(site.pool, row.job_id) : null;
    if (restartedMs === null && job && job.retry_count > 0 && job.state === 'active') {
      restartedMs = performance.now() - killedAt;
    }
    if (outcome.status !== 'processing') break;
    if (performance.now() - killedAt > 300_000) break;
    await sleep(250);
  }
  const doneMs = performance.now() - killedAt;
  await Promise.race([watchOrphans, sleep(1000)]);
  const job = row.job_id ? await jobRow(site.pool, row.job_id) : null;
  const orphansLater = ffmpegFor(videoId);
  for (const pid of orphansLater) process.kill(pid, 'SIGKILL');
  if (orphansLater.length > 0) {
    notes.push(`${orphansLater.length} ffmpeg of the killed attempt still ran at the end`);
  }
  const workDirs = readdirSync(tmpdir()).filter((d) =>
    d.startsWith(`cutroom-transcode-${videoId}`),
  );
  report({
    fault: '2. kill -9 of `npm run worker` during a transcode (PostgreSQL, INPROCESS_WORKER=false)',
    survived: outcome.status === 'published' && orphansLater.length === 0,
    figures: [
      ['progress when killed', `${progressAtKill.toFixed(0)} %`],
      ['ffmpeg of the killed attempt alive 1 s after', String(orphans.length)],
      ['  it ran on after the kill for', orphanMs === null ? 'still running' : s(orphanMs)],
      ['kill to the job running again', restartedMs === null ? 'not seen' : s(restartedMs)],
      ['kill to the video published', `${outcome.status} after ${s(doneMs)}`],
      ['job state, retries', job ? `${job.state}, ${job.retry_count}` : 'gone'],
      ['scratch folders left of this video', String(workDirs.length)],
      [
        'retry waits (heartbeat, supervise interval)',
        `${process.env.JOB_HEARTBEAT_SECONDS ?? 30} s, ${process.env.QUEUE_SUPERVISE_SECONDS ?? 10} s`,
      ],
    ],
    notes,
  });
  return site;
}

/** Runs a command without blocking this process (the request loops go on meanwhile). */
function runAsync(command: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command.join(' ')}: exit ${code} ${stderr}`)),
    );
  });
}

/** How this machine restarts its PostgreSQL server: BENCH_PG_RESTART, or pg_ctlcluster. */
function restartPostgres(): { command: string[]; start: string[] | null } {
  const custom = process.env.BENCH_PG_RESTART;
  if (custom) return { command: ['sh', '-c', custom], start: null };
  const port = new URL(ADMIN_DATABASE_URL).port || '5432';
  const list = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  const cluster = list.stdout
    ?.split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  if (!cluster) throw new Error('No PostgreSQL cluster found (set BENCH_PG_RESTART)');
  const [version, name] = [cluster[0]!, cluster[1]!];
  return {
    command: ['pg_ctlcluster', version, name, 'restart', '-m', 'fast'],
    start: ['pg_ctlcluster', version, name, 'start'],
  };
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Sample {
  at: number;
  ms: number;
  kind: string;
  ok: boolean;
  status: number;
}

async function faultPostgres(site: PgSite, tiny: Uint8Array): Promise<void> {
  const notes: string[] = [];
  const restart = restartPostgres();
  // A video to show on pages, published before the restart.
  const firstId = await uploadAndPublish(site.url, site.member, tiny, 'Before the restart');
  const before = await waitForOutcome(site.url, site.member, firstId, 120_000);
  if (before.state.state !== 'published') throw new Error('the first video did not publish');
  const { rows } = await site.pool.query<{ slug: string }>(
    'select slug from videos where id = $1',
    [firstId],
  );
  const videoPath = `/video/${rows[0]!.slug}_${firstId}`;
  const kinds: [string, () => Promise<Response>][] = [
    ['visitor /', () => fetch(`${site.url}/`)],
    ['visitor video page', () => fetch(`${site.url}${videoPath}`)],
    ['member /', () => fetch(`${site.url}/`, { headers: { cookie: site.member.cookie } })],
    [
      'member API (profile videos)',
      () =>
        fetch(`${site.url}/api/v2/profileInput`, {
          method: 'POST',
          headers: {
            cookie: site.member.cookie,
            origin: site.url,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ mode: 'LoadProfileVideos', username: site.member.username }),
        }),
    ],
  ];
  // 8 request loops, bounded in time: 5 s before the restart, then until 20 s after it is up.
  const samples: Sample[] = [];
  const t0 = performance.now();
  let stopAt = t0 + 60_000;
  // Two loops per kind, so a request waiting on the database holds up no other kind.
  const loops = Array.from({ length: 8 }, async (_, index) => {
    const [kind, call] = kinds[index % kinds.length]!;
    while (performance.now() < stopAt) {
      const at = performance.now();
      try {
        const response = await call();
        await response.arrayBuffer();
        const ms = performance.now() - at;
        samples.push({ at, ms, kind, ok: response.ok, status: response.status });
      } catch {
        samples.push({ at, ms: performance.now() - at, kind, ok: false, status: 0 });
        await sleep(50);
      }
    }
  });
  await sleep(5000);
  const downAt = performance.now();
  let restartError: string | null = null;
  const restarting = runAsync(restart.command).catch((error: Error) => {
    restartError = error.message;
  });
  await sleep(200);
  // Up again: the restart command is done and a new connection answers.
  let upAt: number | null = null;
  while (performance.now() - downAt < 30_000) {
    if (
      (await Promise.race([restarting.then(() => true), sleep(0).then(() => false)])) &&
      (await postgresAnswers(ADMIN_DATABASE_URL))
    ) {
      upAt = performance.now();
      break;
    }
    await sleep(100);
  }
  if (upAt === null) {
    // Never leave the server down for the others on this machine.
    if (restart.start) spawnSync(restart.start[0]!, restart.start.slice(1));
    notes.push(`PostgreSQL was not back within 30 s (${restartError}); started it again`);
  }
  stopAt = (upAt ?? performance.now()) + 20_000;
  await Promise.all(loops);
  const failuresAfterUp = samples.filter((x) => !x.ok && upAt !== null && x.at > upAt);
  const failedAll = samples.filter((x) => !x.ok).sort((a, b) => a.at - b.at);
  const lastFailure = failedAll.reduce((last, x) => Math.max(last, x.at), 0);
  const recoverMs = upAt === null ? null : Math.max(0, lastFailure - upAt);
  const lastSecond = samples.filter((x) => x.at > stopAt - 3000);
  const recovered = lastSecond.length > 0 && lastSecond.every((x) => x.ok);
  // The whole pipeline after it: an upload, its job, the worker, the published event.
  let afterOutcome = 'not tried';
  let listedMs: number | null = null;
  try {
    const id = await uploadAndPublish(site.url, site.member, tiny, 'After the restart');
    const after = await waitForOutcome(site.url, site.member, id, 120_000);
    afterOutcome = `${after.state.state} in ${s(after.seconds * 1000)}`;
    // Visitors' cached listings drop when the worker's "published" event arrives (LISTEN).
    const listedStart = performance.now();
    while (performance.now() - listedStart < 15_000) {
      const home = await (await fetch(`${site.url}/`)).text();
      if (home.includes(id)) {
        listedMs = performance.now() - listedStart;
        break;
      }
      await sleep(250);
    }
  } catch (error) {
    afterOutcome = `failed: ${(error as Error).message}`;
  }
  const byKind = kinds.map(([kind]) => {
    const mine = samples.filter((x) => x.kind === kind);
    const failed = mine.filter((x) => !x.ok);
    const statuses = [...new Set(failed.map((x) => x.status))].join('/') || '-';
    const outage = mine.filter((x) => x.at >= downAt && x.at <= (upAt ?? stopAt));
    const slowest = Math.max(0, ...mine.map((x) => x.ms));
    return [
      `  ${kind}`,
      `${mine.length} requests (${outage.length} while down), ${failed.length} failed (${statuses}), slowest ${s(slowest)}`,
    ] as [string, string];
  });
  if (restartError) notes.push(`restart command: ${restartError}`);
  report({
    fault: `3. PostgreSQL restarted under load (${restart.command.join(' ')})`,
    survived: upAt !== null && recovered && afterOutcome.startsWith('published'),
    figures: [
      ['PostgreSQL down (restart until select 1)', upAt === null ? 'NOT BACK' : s(upAt - downAt)],
      ['requests (8 loops)', String(samples.length)],
      ...byKind,
      [
        'failures from … to … after the restart began',
        failedAll.length === 0
          ? 'none'
          : `${s(Math.max(0, failedAll[0]!.at - downAt))} … ${s(lastFailure - downAt)}`,
      ],
      ['failed after PostgreSQL was back', String(failuresAfterUp.length)],
      ['seconds to recover (up → last failure)', recoverMs === null ? '-' : s(recoverMs)],
      ['all requests of the last 3 s answered 2xx', recovered ? 'yes' : 'NO'],
      ['new upload after the restart', afterOutcome],
      [
        'visitors\u2019 / lists it (published event)',
        listedMs === null ? 'not within 15 s' : `after ${s(listedMs)}`,
      ],
    ],
    notes,
  });
}

// ---------------------------------------------------------------------------------------------
// 4. the disk fills during an upload

async function freeBytes(path: string): Promise<number> {
  const info = await statfs(path);
  return info.bavail * info.bsize;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A member's videos, published or not, as their profile lists them to them. */
async function ownVideoCount(url: string, member: Member): Promise<number> {
  const response = await fetch(`${url}/api/v2/profileInput`, {
    method: 'POST',
    headers: { cookie: member.cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'LoadProfileVideos', username: member.username }),
  });
  const page = (await response.json()) as { videos?: unknown[]; processingVideos?: unknown[] };
  return (page.videos?.length ?? 0) + (page.processingVideos?.length ?? 0);
}

/**
 * The disk fills during uploads. With `pglite`, the embedded database lives on the same full
 * disk (npm start's layout); otherwise on the PostgreSQL server and only media fill it.
 */
async function faultDisk(
  big: Uint8Array,
  medium: Uint8Array,
  tiny: Uint8Array,
  options: { pglite: boolean },
): Promise<void> {
  const notes: string[] = [];
  const port = options.pglite ? 3605 : 3604;
  const url = siteUrl(port);
  const mount = join(scratch, options.pglite ? 'disk-pglite' : 'disk');
  mkdirSync(mount, { recursive: true });
  // Room for the medium upload once, not twice (its stored copy); the big one never fits.
  const roomMb = Math.ceil((medium.byteLength * 1.5) / 1024 / 1024);
  if (big.byteLength <= roomMb * 1024 * 1024) throw new Error('the big video is too small');
  execFileSync('mount', [
    ...['-t', 'tmpfs', '-o', `size=${options.pglite ? 1024 : roomMb}m`],
    ...['tmpfs', mount],
  ]);
  mounts.push(mount);
  let pool: pg.Pool | null = null;
  let databaseUrl: string | undefined;
  if (!options.pglite) {
    const name = `cutroom_faults_${process.pid}_disk`;
    databaseUrl = await createDatabase(name);
    databases.push(name);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    pool.on('error', () => undefined);
  }
  let site = await startSite({ port, dataDir: mount, databaseUrl });
  try {
    const member = await signUpMember(url, mount, 'fault');
    let sizeMb = roomMb;
    if (options.pglite) {
      // The same room beside what the database already takes.
      const info = await statfs(mount);
      const usedMb = Math.ceil(((info.blocks - info.bfree) * info.bsize) / 1024 / 1024);
      sizeMb = usedMb + roomMb;
      execFileSync('mount', ['-o', `remount,size=${sizeMb}m`, mount]);
    }
    const videoCount = async () =>
      pool
        ? Number((await pool.query<{ n: string }>('select count(*) as n from videos')).rows[0]!.n)
        : ownVideoCount(url, member);
    const freeAtStart = await freeBytes(mount);

    // a. An upload bigger than the free space.
    const bigAt = await createUpload(url, member.cookie, big.byteLength);
    const bigPatch = await patchUpload(url, member.cookie, bigAt, big, 0).catch((error: Error) => ({
      status: 0,
      offset: null,
      body: error.message,
    }));
    const bigKept = await uploadOffset(url, member.cookie, bigAt);
    const aliveAfterBig =
      (await fetch(`${url}/`)).ok &&
      (await fetch(`${url}/inbox`, { headers: { cookie: member.cookie } })).ok;
    const bigPublish = await publishUpload(url, member.cookie, bigAt, 'Does not fit');
    const rowsAfterBig = await videoCount();
    // The uploader gives up: tus termination frees the space.
    const bigDelete = await fetch(bigAt, {
      method: 'DELETE',
      headers: tusHeaders(url, member.cookie),
    });
    const freeAfterBig = await freeBytes(mount);

    // b. An upload that fits, whose stored copy (the video's source) does not.
    const mediumAt = await createUpload(url, member.cookie, medium.byteLength);
    const mediumPatch = await patchUpload(url, member.cookie, mediumAt, medium, 0);
    const mediumPublish = await publishUpload(url, member.cookie, mediumAt, 'Copy does not fit');
    const rowsAfterMedium = await videoCount();
    const strayMedia = filesUnder(join(mount, 'media'));
    const strayUploads = filesUnder(join(mount, 'uploads'));
    const freeAfterMedium = await freeBytes(mount);

    // c. Room again: a small video goes all the way.
    let recovered = 'not tried';
    let tinyId: string | null = null;
    try {
      tinyId = await uploadAndPublish(url, member, tiny, 'After the disk was full');
      const outcome = await waitForOutcome(url, member, tinyId, 120_000);
      recovered = `${outcome.state.state} in ${s(outcome.seconds * 1000)}`;
    } catch (error) {
      recovered = `failed: ${(error as Error).message}`;
    }
    // d. The embedded database, written while the disk was full, opens again and holds it all.
    let reopened = 'yes';
    if (options.pglite) {
      await stopProc(site);
      try {
        site = await startSite({ port, dataDir: mount });
        const state = tinyId ? await videoState(url, member, tinyId) : null;
        if (state?.state !== 'published') reopened = `the video is ${state?.state ?? 'missing'}`;
      } catch (error) {
        reopened = `NO: ${(error as Error).message.slice(0, 200)}`;
      }
    }

    const clear = (status: number, message: string | undefined) =>
      status >= 400 &&
      status !== 500 &&
      Boolean(message) &&
      !/something went wrong/i.test(message!);
    const bigMessage = bigPatch.body.trim();
    const mediumMessage = mediumPublish.body.error;
    if (!clear(bigPatch.status, bigMessage)) {
      notes.push(
        `the overflowing PATCH answered ${bigPatch.status} "${bigMessage}": not a clear error`,
      );
    }
    if (mediumPatch.status === 204 && !clear(mediumPublish.status, mediumMessage)) {
      notes.push(
        `publishing answered ${mediumPublish.status} "${mediumMessage}": not a clear error`,
      );
    }
    const noHalfVideo = rowsAfterBig === 0 && rowsAfterMedium === 0 && strayMedia.length === 0;
    if (!noHalfVideo) {
      notes.push(
        `video rows ${rowsAfterBig}/${rowsAfterMedium}, stray media ${strayMedia.join(', ')}`,
      );
    }
    report({
      fault: options.pglite
        ? `5. disk full during an upload, PGlite on the same ${sizeMb} MB tmpfs (as npm start)`
        : `4. disk full during an upload (DATA_DIR on a ${roomMb} MB tmpfs, PostgreSQL)`,
      survived:
        reopened === 'yes' &&
        clear(bigPatch.status, bigMessage) &&
        (mediumPatch.status !== 204 || clear(mediumPublish.status, mediumMessage)) &&
        aliveAfterBig &&
        noHalfVideo &&
        recovered.startsWith('published'),
      figures: [
        ['free at start', mb(freeAtStart)],
        [
          `a. ${mb(big.byteLength)} upload: PATCH answered`,
          `${bigPatch.status} "${bigMessage.slice(0, 90)}"`,
        ],
        [
          '   offset kept, site still serving',
          `${bigKept === null ? '-' : mb(bigKept)}, ${aliveAfterBig ? 'yes' : 'NO'}`,
        ],
        [
          '   publishing the partial upload',
          `${bigPublish.status} "${bigPublish.body.error ?? ''}"`,
        ],
        ['   tus DELETE, free after it', `${bigDelete.status}, ${mb(freeAfterBig)}`],
        [`b. ${mb(medium.byteLength)} upload: PATCH answered`, String(mediumPatch.status)],
        [
          '   publishing (stored copy overflows)',
          `${mediumPublish.status} "${mediumMessage ?? ''}"`,
        ],
        [
          '   video rows, stray media/upload files',
          `${rowsAfterMedium}, ${strayMedia.length}/${strayUploads.length}`,
        ],
        ['   free after it', mb(freeAfterMedium)],
        ['c. a small upload once there is room', recovered],
        ...(options.pglite
          ? ([['d. restarted, the database opens and lists it', reopened]] as [string, string][])
          : []),
      ],
      notes,
    });
  } finally {
    await stopProc(site);
    await pool?.end();
  }
}

// ---------------------------------------------------------------------------------------------

async function cleanUp() {
  killEverything();
  for (const mount of mounts.splice(0)) {
    spawnSync('umount', [mount]);
  }
  for (const name of databases.splice(0)) await dropDatabase(name).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));

let crashed = false;
try {
  console.log(`Making test videos in ${scratch} ...`);
  const tiny = makeVideo('tiny', { seconds: 3, height: 240 });
  const big =
    wants('upload') || wants('disk') || wants('disk-pglite')
      ? makeVideo('big', { seconds: 6, height: 360, noise: true })
      : tiny;
  const medium =
    wants('disk') || wants('disk-pglite')
      ? makeVideo('medium', { seconds: 2, height: 360, noise: true })
      : tiny;
  const long = wants('worker') ? makeVideo('long', { seconds: 60, height: 720 }) : tiny;
  console.log(
    `  tiny ${mb(tiny.byteLength)}, big ${mb(big.byteLength)}, medium ${mb(medium.byteLength)}, 60 s 720p ${mb(long.byteLength)}`,
  );
  if (wants('upload')) await faultUpload(big);
  if (wants('worker') || wants('postgres')) {
    let site = await startPgSite(3602, `cutroom_faults_${process.pid}`);
    try {
      if (wants('worker')) site = await faultWorker(site, long);
      if (wants('postgres')) await faultPostgres(site, tiny);
    } finally {
      await stopProc(site.web);
      await stopProc(site.worker);
      await site.pool.end();
    }
  }
  if (wants('disk')) await faultDisk(big, medium, tiny, { pglite: false });
  if (wants('disk-pglite')) await faultDisk(big, medium, tiny, { pglite: true });
} catch (error) {
  crashed = true;
  console.error('\nThe benchmark itself failed:', error);
} finally {
  await cleanUp();
}
const failed = outcomes.filter((outcome) => !outcome.survived);
console.log(
  `\n${outcomes.length - failed.length} of ${outcomes.length} faults survived` +
    (failed.length > 0
      ? `; not survived: ${failed.map((o) => o.fault.split(' ')[0]).join(' ')}`
      : ''),
);
process.exit(crashed || failed.length > 0 ? 1 : 0);
