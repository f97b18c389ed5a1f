import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@cutroom/core/platform/db/client';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { sourceKeyFor } from '@cutroom/core/platform/storage/rendition-folder';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { findVideo } from '@cutroom/core/features/videos/processing/video-processing.service';
import { generateTestVideo } from '../test-support/test-video';

const work = mkdtempSync(join(tmpdir(), 'cutroom-crash-test-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  }
  await rm(work, { recursive: true, force: true });
});

const fixture = fileURLToPath(new URL('../test-support/worker-crash.fixture.ts', import.meta.url));
const isServer = process.env.TEST_DB_KIND === 'postgres';
// At the top level: the afterAll that drops it must be registered outside a test.
const serverDatabase = isServer ? await createTestDatabase() : null;

interface Line {
  type: string;
  videoId?: string;
  progress?: number;
}

/** Starts a worker process in its own process group (so a kill takes its ffmpeg too). */
function startFixture(mode: 'enqueue' | 'work', env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  const lines: Line[] = [];
  const waiters: { predicate: (line: Line) => boolean; resolve: (line: Line) => void }[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const waitFor = (predicate: (line: Line) => boolean, timeoutMs: number) =>
    new Promise<Line>((resolve, reject) => {
      const found = lines.find(predicate);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error(`${mode} worker: timed out; stderr: ${stderr.slice(-2000)}`)),
        timeoutMs,
      );
      waiters.push({
        predicate,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
      child.on('exit', (code) => {
        if (code !== 0 && code !== null) {
          clearTimeout(timer);
          reject(new Error(`${mode} worker exited ${code}: ${stderr.slice(-2000)}`));
        }
      });
    });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, lines, waitFor, exited };
}

describe('a worker killed in the middle of a job', () => {
  it('is followed, after a restart, by the video published once with complete renditions', async () => {
    const serverHandle: DatabaseHandle | null = serverDatabase;
    const env: Record<string, string> = {
      MEDIA_DIR: join(work, 'media'),
      TRANSCODE_TMP_DIR: join(work, 'tmp'),
      JOB_HEARTBEAT_SECONDS: '10',
      QUEUE_SUPERVISE_SECONDS: '2',
      TRANSCODE_RETRY_DELAY_SECONDS: '0',
      LOG_LEVEL: 'silent',
    };
    if (serverHandle) {
      const pool = (serverHandle.db as unknown as { $client: pg.Pool }).$client;
      env.FIXTURE_DATABASE_URL = pool.options.connectionString!;
    } else {
      env.FIXTURE_DATA_DIR = join(work, 'pglite');
    }
    const source = join(work, 'source.mp4');
    await generateTestVideo({
      path: source,
      width: 1280,
      height: 720,
      seconds: 10,
      preset: 'ultrafast',
    });
    copyFileSync(source, join(work, 'upload.mp4'));

    // First worker: accepts the upload, starts transcoding slowly, and is killed mid-way.
    const first = startFixture('enqueue', {
      ...env,
      FIXTURE_UPLOAD: join(work, 'upload.mp4'),
      TRANSCODE_PRESET: 'medium',
    });
    const accepted = await first.waitFor((l) => l.type === 'accepted', 60_000);
    const videoId = accepted.videoId!;
    await first.waitFor((l) => l.type === 'progress' && (l.progress ?? 0) > 5, 60_000);
    process.kill(-first.child.pid!, 'SIGKILL');
    await first.exited;
    expect(first.lines.some((l) => l.type === 'published')).toBe(false);
    const workDirs = () => readdirSync(env.TRANSCODE_TMP_DIR!);
    expect(workDirs()).toHaveLength(1);

    // What a run killed while uploading would leave: a half-written version nobody points to.
    const storage = new LocalStorage({ root: env.MEDIA_DIR!, publicBaseUrl: '/media' });
    const orphan = `videos/${videoId}/v0killed/`;
    await storage.putBytes(`${orphan}hls/720p/seg-00000.ts`, 'half a segment');

    // Restart: the job's claim goes stale, pg-boss retries it, and this worker publishes. How
    // long that takes is a figure of `npm run bench:faults` (fault 2), not a bound here.
    const second = startFixture('work', { ...env, TRANSCODE_PRESET: 'ultrafast' });
    await second.waitFor((l) => l.type === 'published' && l.videoId === videoId, 90_000);
    await second.exited;
    // The killed attempt's work folder went with the retry; the retry removed its own.
    expect(workDirs()).toEqual([]);

    const handle = serverHandle ?? (await openDatabase({ dataDir: env.FIXTURE_DATA_DIR }));
    try {
      const video = await findVideo({ db: handle.db }, videoId);
      expect(video).toMatchObject({
        status: 'published',
        progress: 100,
        width: 1280,
        height: 720,
        topQuality: 720,
      });
      const objects = (await storage.list(`videos/${videoId}/`)).map((o) => o.key);
      // One version only (the published one), plus the kept source: no orphan, no duplicate.
      const versions = new Set(
        objects.filter((k) => k !== sourceKeyFor(videoId)).map((k) => k.split('/')[2]),
      );
      expect([...versions]).toEqual([video!.mediaPrefix!.split('/')[2]]);
      expect(objects).toContain(video!.masterPlaylistKey);
      const master = await storage.getStream(video!.masterPlaylistKey!);
      const text = await new Response(master.body as unknown as ReadableStream).text();
      for (const uri of text.split('\n').filter((l) => l.endsWith('.m3u8'))) {
        expect(objects).toContain(`${video!.mediaPrefix}hls/${uri}`);
      }
      for (const match of text.matchAll(/URI="([^"]+)"/g)) {
        expect(objects).toContain(`${video!.mediaPrefix}hls/${match[1]}`);
      }
    } finally {
      if (!serverHandle) await handle.close();
    }
  }, 180_000);
});
