import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLink, startTestSmtpServer } from '@cutroom/core/test-support/test-smtp-server';
import { withServerDatabase } from '@cutroom/core/test-support/server-database';
import {
  configuredTestRedis,
  deleteRedisKeys,
  redisKeys,
} from '@cutroom/core/test-support/test-services';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer } from '../support/global-setup';
import { lifePictures, makeTinyMp4, profileVideoState } from '../support/videos';

// The production layout end to end: a PostgreSQL server, Redis, S3-compatible storage (s3rver),
// a real SMTP server, two web nodes behind a load balancer sharing AUTH_SECRET (the first also
// a live worker taking RTMP streams), and a separate `npm run worker` process (the nodes do not
// transcode). It needs the servers TEST_DATABASE_URL
// and TEST_REDIS_URL name (CI sets both): without them it is skipped; with one set that does not
// answer it fails.
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = await configuredTestRedis();
const root = new URL('../..', import.meta.url).pathname;
const databaseName = `cutroom_e2e_prod_${randomBytes(4).toString('hex')}`;
const BUCKET = 'cutroom-media';
const LISTING_KEYS = 'cutroom:listings:*';

type Site = Awaited<ReturnType<typeof startSiteServer>>;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>> | undefined;
let s3: S3rver | undefined;
let balancer: Server | undefined;
let worker: ChildProcess | undefined;
let workerLog = '';
const nodes: Site[] = [];
let work = '';
let publicUrl = '';
/** The member the first test registers, signed in (the live test streams as them). */
let memberCookie = '';

/** A load balancer in front of the web nodes: each request goes to the next node in turn. */
async function startBalancer(): Promise<string> {
  let turn = 0;
  balancer = createServer((incoming, outgoing) => {
    const node = new URL(nodes[turn++ % nodes.length]!.baseUrl);
    const forwarded = request(
      {
        host: node.hostname,
        port: node.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => balancer!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
}

/** `npm run worker` in its own process group; answers once it says it is ready. */
async function startWorker(env: Record<string, string>) {
  worker = spawn('npm', ['run', 'worker'], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  worker.stdout!.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
  worker.stderr!.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!workerLog.includes('worker ready')) {
    if (worker.exitCode !== null) throw new Error(`npm run worker exited:\n${workerLog}`);
    if (Date.now() > deadline) throw new Error(`npm run worker did not start:\n${workerLog}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A JSON POST to one node, as a page of the site (PUBLIC_URL's origin) sends it. */
async function post(node: Site, path: string, body: unknown, cookie?: string) {
  return fetch(`${node.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: publicUrl,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

const b64 = (value: string) => Buffer.from(value).toString('base64');

/** Uploads a short video through one node (tus, then publishing); answers its id and slug. */
async function upload(node: Site, cookie: string, title: string) {
  const bytes = await makeTinyMp4();
  const headers = { cookie, origin: publicUrl, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${node.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.byteLength),
      'upload-metadata': `filename ${b64('tiny.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location')!, `${node.baseUrl}/api/uploads/`);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
  const uploadId = location.pathname.split('/').pop()!;
  const published = await post(
    node,
    '/api/v2/upload',
    { uploadId, title, category: 'other' },
    cookie,
  );
  const body = (await published.json()) as { video?: { id: string; slug: string } };
  expect(published.status, JSON.stringify(body)).toBe(201);
  return body.video!;
}

/** Polls `check` until it answers true; the wait ends with the test's own time limit. */
async function until(check: () => Promise<boolean>, what: string, pauseMs = 500) {
  // Under the test's own deadline, so that the failure names what did not happen.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (await check()) return;
    if (worker?.exitCode != null)
      throw new Error(`npm run worker exited while ${what}:\n${workerLog}`);
    if (Date.now() > deadline) throw new Error(`not within 180 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/**
 * A live page's event stream on one node (what the page's EventSource reads): its latest
 * `watching` count, -1 before the first. While open it is a viewer on that node.
 */
function liveEventsOn(node: Site, videoId: string) {
  const controller = new AbortController();
  let latest = -1;
  void (async () => {
    // A visitor: the streamer's own page is not counted (docs/live.md).
    const answer = await fetch(`${node.baseUrl}/api/live/${videoId}/events`, {
      signal: controller.signal,
    });
    expect(answer.status).toBe(200);
    const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: watching$/m.test(block) && data) {
          latest = (JSON.parse(data) as { count: number }).count;
        }
      }
    }
  })().catch(() => undefined);
  return { latest: () => latest, close: () => controller.abort() };
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}

describe.skipIf(!serverUrl || !redisUrl)('the production set-up', () => {
  const databaseUrl = (() => {
    const url = new URL(serverUrl ?? 'postgres://unused/');
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  let s3Dir = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cutroom-e2e-prod-'));
    s3Dir = join(work, 's3');
    await withServerDatabase(serverUrl!, (admin) =>
      admin.query(`CREATE DATABASE "${databaseName}"`),
    ).catch((error: Error) => {
      throw new Error(`TEST_DATABASE_URL is set (${serverUrl}) but: ${error.message}`);
    });
    await deleteRedisKeys(redisUrl!, LISTING_KEYS);
    smtp = await startTestSmtpServer();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = (await s3.run()) as AddressInfo;
    publicUrl = await startBalancer();
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const web = {
      ...shared,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      INPROCESS_WORKER: 'false',
      // Only an invalidation can bring a new video to a cached page within this test.
      LISTING_CACHE_SECONDS: '3600',
    };
    // Both nodes start together: their migrations take turns through a lock. Node A is also a
    // live worker (RTMP on its port, docs/scaling.md); node B takes no streams.
    nodes.push(
      ...(await Promise.all([
        startSiteServer(web),
        startSiteServer({ ...web, LIVE_RTMP_PORT: '0' }),
      ])),
    );
    await startWorker({
      ...shared,
      DATA_DIR: join(work, 'worker'),
      TRANSCODE_TMP_DIR: join(work, 'worker-tmp'),
      TRANSCODE_PRESET: 'ultrafast',
    });
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      process.kill(-worker.pid!, 'SIGTERM');
      await exited;
    }
    await Promise.all(nodes.map((node) => node.stop()));
    await new Promise((resolve) => (balancer ? balancer.close(resolve) : resolve(undefined)));
    await s3?.close();
    await smtp?.close();
    if (serverUrl) {
      await withServerDatabase(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
      );
    }
    if (redisUrl) await deleteRedisKeys(redisUrl, LISTING_KEYS);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('registers on one node, signs in on the other, uploads, transcodes apart, serves from S3', async () => {
    const [a, b] = nodes as [Site, Site];
    const username = `prod${randomBytes(3).toString('hex')}`;
    const email = `${username}@example.test`;
    const password = 'production-password';

    // Register on node A: the verification mail goes through the SMTP server and links to the
    // public address (the balancer), which passes it to either node.
    const registered = await post(a, '/api/createuser', { username, email, password });
    expect(registered.status, await registered.clone().text()).toBeLessThan(300);
    const mail = await smtp!.waitForMail(email, { timeoutMs: 30_000 });
    const link = firstLink(mail);
    expect(link.startsWith(`${publicUrl}/`)).toBe(true);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    expect(filesUnder(join(a.dataDir, 'outbox'))).toEqual([]);

    // Sign in on node B; node A accepts the session (one AUTH_SECRET, one database).
    const signedIn = await post(b, '/api/auth/sign-in/email', { email, password });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    memberCookie = cookie;

    // A visitor's home page on node B is rendered and cached before the upload.
    const title = `Two nodes ${randomBytes(3).toString('hex')}`;
    const before = await fetch(`${b.baseUrl}/`);
    expect(before.status).toBe(200);
    expect(await before.text()).not.toContain(title);
    expect(await redisKeys(redisUrl!, LISTING_KEYS)).not.toEqual([]);

    // Upload on node A; neither node transcodes, the worker publishes.
    const video = await upload(a, cookie, title);
    await until(async () => {
      const state = await profileVideoState({ cookie, username }, video.id, b.baseUrl, publicUrl);
      if (state.startsWith('failed')) throw new Error(`processing ${state}\n${workerLog}`);
      return state === 'published';
    }, 'the video was processed');

    // The separate worker did it (the web nodes run with INPROCESS_WORKER=false). It logs the
    // end after the publication commits: on a loaded machine the line may come a moment later.
    const finished = () =>
      workerLog
        .split('\n')
        .filter((line) => line.includes('transcode finished') && line.includes(video.id));
    await expect.poll(() => finished().length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(finished()).toHaveLength(1);

    // Node B's cached home page drops its copy and lists the video (listing cache in Redis,
    // the publication announced to every node).
    await until(
      async () => (await (await fetch(`${b.baseUrl}/`)).text()).includes(title),
      'B listed it',
    );

    // The renditions are in the bucket, not on any node's disk, and node B serves them.
    const stored = filesUnder(join(s3Dir, BUCKET));
    expect(stored.some((key) => key.startsWith(`videos/${video.id}/`))).toBe(true);
    for (const node of nodes) expect(filesUnder(join(node.dataDir, 'media'))).toEqual([]);
    const page = await (await fetch(`${b.baseUrl}/video/${video.slug}_${video.id}`)).text();
    const master = page.match(new RegExp(`/media/videos/${video.id}/[\\w/.-]+\\.m3u8`))?.[0];
    expect(master, 'the video page names its HLS playlist').toBeTruthy();
    const playlist = await fetch(`${b.baseUrl}${master}`);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text.startsWith('#EXTM3U')).toBe(true);
    const variant = text.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const variantUrl = new URL(variant, `${b.baseUrl}${master}`);
    const segments = await (await fetch(variantUrl)).text();
    const segment = segments.split('\n').find((line) => line && !line.startsWith('#'))!;
    const bytes = await fetch(new URL(segment, variantUrl));
    expect(bytes.status).toBe(200);
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("sums a live's number watching across the two nodes, and drops a viewer who leaves", async () => {
    const [a, b] = nodes as [Site, Site];
    expect(memberCookie, 'the first test signed the member in').not.toBe('');
    // A scheduled live's waiting page counts who has it open, as a live on air does.
    expect((await post(a, '/api/v2/live', { mode: 'NewKey' }, memberCookie)).status).toBe(200);
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await post(a, '/api/v2/live', { mode: 'Schedule', startsAt }, memberCookie);
    const body = (await scheduled.json()) as { live: { scheduled: { videoId: string } | null } };
    expect(scheduled.status, JSON.stringify(body)).toBe(200);
    const videoId = body.live.scheduled!.videoId;

    // One viewer on each node: both read 2 (each node's part crosses through PostgreSQL).
    const onA = liveEventsOn(a, videoId);
    const onB = liveEventsOn(b, videoId);
    try {
      await expect.poll(() => [onA.latest(), onB.latest()], { timeout: 30_000 }).toEqual([2, 2]);
      // The viewer on B leaves: A reads 1.
      onB.close();
      await expect.poll(() => onA.latest(), { timeout: 30_000 }).toBe(1);
    } finally {
      onA.close();
      onB.close();
    }
  });
  it('a live streamed to the live worker plays from the other node; ended there, its replay is made by the worker', async () => {
    const [a, b] = nodes as [Site, Site];
    expect(memberCookie, 'the first test signed the member in').not.toBe('');
    const made = await post(a, '/api/v2/live', { mode: 'NewKey' }, memberCookie);
    const { key } = (await made.json()) as { key: string };
    expect(made.status).toBe(200);

    // ffmpeg streams to node A's RTMP port, as OBS would to a live worker.
    const ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
        // Pictures of its own: a stream like another member's video would be held as a copy.
        ...['-re', '-f', 'lavfi', '-t', '120'],
        ...['-i', lifePictures(640, 360, Math.floor(Math.random() * 2 ** 31))],
        ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=120'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv'],
        `rtmp://127.0.0.1:${a.rtmpPort}/live/${key}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let ffmpegLog = '';
    ffmpeg.stderr!.on('data', (chunk: Buffer) => (ffmpegLog += chunk.toString()));
    const ffmpegExited = new Promise<void>((resolve) => ffmpeg.once('exit', () => resolve()));
    try {
      // On air, as node B reads it from the database.
      let videoId = '';
      let slug = '';
      await until(async () => {
        if (ffmpeg.exitCode !== null) {
          throw new Error(`ffmpeg stopped: ${ffmpegLog.slice(-500)}\nnode A: ${a.output()}`);
        }
        const answer = await post(b, '/api/v2/live', { mode: 'get' }, memberCookie);
        const state = (await answer.json()) as {
          live: { onAir: { videoId: string; slug: string } | null };
        };
        ({ videoId, slug } = state.live.onAir ?? { videoId: '', slug: '' });
        return videoId !== '';
      }, 'the live went on air');

      // Node B serves its playlists and segments from the bucket, where node A puts them.
      const master = `${b.baseUrl}/media/live/${videoId}/master.m3u8`;
      let variantUrl: URL | undefined;
      let segment = '';
      await until(async () => {
        const playlist = await fetch(master);
        if (playlist.status !== 200) return false;
        const variant = (await playlist.text()).split('\n').find((l) => l.endsWith('.m3u8'));
        if (!variant) return false;
        variantUrl = new URL(variant, master);
        const segments = await (await fetch(variantUrl)).text();
        segment = segments.split('\n').find((line) => line && !line.startsWith('#')) ?? '';
        return segment !== '';
      }, 'node B served the live playlist');
      const bytes = await fetch(new URL(segment, variantUrl));
      expect(bytes.status).toBe(200);
      expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(filesUnder(join(s3Dir, BUCKET)).some((k) => k.startsWith(`live/${videoId}/`))).toBe(
        true,
      );
      for (const node of nodes) expect(filesUnder(join(node.dataDir, 'media'))).toEqual([]);

      // The streamer ends it on node B: node A hears it, cuts the stream and hands the
      // recording to the worker, which makes the replay of the same video.
      expect((await post(b, '/api/v2/live', { mode: 'End' }, memberCookie)).status).toBe(200);
      await ffmpegExited;
      expect(ffmpegLog).toContain('The streamer ended the live');
      const finished = () =>
        workerLog
          .split('\n')
          .filter((line) => line.includes('transcode finished') && line.includes(videoId));
      await until(async () => finished().length > 0, 'the worker made the replay');
      // The same page now names the replay's playlist, in the bucket under videos/.
      await until(async () => {
        const page = await (await fetch(`${b.baseUrl}/video/${slug}_${videoId}`)).text();
        return page.includes(`/media/videos/${videoId}/`);
      }, 'the page showed the replay');
    } finally {
      ffmpeg.kill('SIGKILL');
    }
  }, 240_000);
});
