import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@cutroom/core/platform/db/schema';
import {
  transcodeDeadLetterJob,
  transcodeVideoJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { PostgresEvents } from '@cutroom/core/platform/events/postgres-events';
import type { ProcessingEvent } from '@cutroom/core/platform/events/processing-events';
import { acceptUploadedVideo } from './accept-upload';
import { generateTestVideo } from '../test-support/test-video';

// A web node and a separate `npm run worker` process on one PostgreSQL database: the worker's
// progress and publication reach the web node's listeners (live pages, cache invalidation).
const isServer = process.env.TEST_DB_KIND === 'postgres';
const handle = isServer ? await createTestDatabase() : null;
const workerScript = fileURLToPath(new URL('./worker.ts', import.meta.url));

describe.runIf(isServer)('npm run worker beside a web node', () => {
  const work = mkdtempSync(join(tmpdir(), 'cutroom-worker-events-'));
  const mediaDir = join(work, 'media');
  let url: string;
  let events: PostgresEvents;
  let queue: JobQueue;
  beforeAll(async () => {
    url = (handle!.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    events = await PostgresEvents.start({ url, log: createLogger({ level: 'silent' }) });
    queue = await JobQueue.start(handle!, [transcodeDeadLetterJob, transcodeVideoJob]);
  });
  afterAll(async () => {
    await queue?.stop({ timeoutMs: 5_000 });
    await events?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it("hears the worker process's progress and publication", async () => {
    await handle!.db
      .insert(users)
      .values({ id: 'events-owner', username: 'events', email: 'events@example.com' });
    const upload = join(work, 'upload.mp4');
    await generateTestVideo({ path: upload, width: 640, height: 360, seconds: 4 });
    const storage = new LocalStorage({ root: mediaDir, publicBaseUrl: '/media' });
    // The web node: accepts the upload and queues its job, but works no jobs itself.
    const { video } = await acceptUploadedVideo(
      { db: handle!.db, storage, queue, events, now: () => new Date() },
      { ownerId: 'events-owner', title: 'Events test', filePath: upload },
    );
    const heard: ProcessingEvent[] = [];
    const published = new Promise<void>((resolve) => {
      events.subscribe(
        (event) => {
          heard.push(event);
          if (event.type === 'published') resolve();
        },
        { videoId: video.id },
      );
    });

    const worker = spawn(process.execPath, ['--import', 'tsx', workerScript], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        MEDIA_DIR: mediaDir,
        TRANSCODE_PRESET: 'ultrafast',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      await Promise.race([
        published,
        exited.then((code) => {
          throw new Error(`the worker exited (${code}) first:\n${stderr}`);
        }),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`no publication heard:\n${stderr}`)), 120_000),
        ),
      ]);
      expect(heard.some((event) => event.type === 'progress')).toBe(true);
      expect(heard.at(-1)).toMatchObject({ type: 'published', ownerId: 'events-owner' });
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 180_000);
});
