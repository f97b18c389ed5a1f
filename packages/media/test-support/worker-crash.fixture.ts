/**
 * A worker process for the crash test (worker-crash.test.ts): `enqueue` accepts an upload and
 * starts working on it; `work` only works. Each prints its events as JSON lines. Database:
 * FIXTURE_DATABASE_URL (a PostgreSQL server) or FIXTURE_DATA_DIR (PGlite on disk).
 */
import { loadConfig } from '@cutroom/core/platform/config/config';
import { openDatabase } from '@cutroom/core/platform/db/client';
import { migrateDatabase } from '@cutroom/core/platform/db/migrate';
import { users } from '@cutroom/core/platform/db/schema';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { createTranscodeVideoJob } from '@cutroom/core/platform/jobs/job-definitions';
import { createStorage } from '@cutroom/core/platform/storage/create-storage';
import { acceptUploadedVideo } from '../src/accept-upload';
import { mediaConfigFrom } from '../src/media-config';
import { startWorker } from '../src/worker';

const mode = process.argv[2];
const handle = await openDatabase(
  process.env.FIXTURE_DATABASE_URL
    ? { url: process.env.FIXTURE_DATABASE_URL }
    : { dataDir: process.env.FIXTURE_DATA_DIR },
);
await migrateDatabase(handle);
// The test sets the worker's settings (heartbeat, scratch folder ...) in the environment.
const config = loadConfig();
const storage = createStorage(config);
const media = mediaConfigFrom(config);
const worker = await startWorker({
  handle,
  storage,
  media,
  transcodeJob: createTranscodeVideoJob(config),
  superviseIntervalSeconds: config.QUEUE_SUPERVISE_SECONDS,
  pollingIntervalSeconds: 0.5,
  progressIntervalMs: 200,
  log: createLogger({ level: 'silent' }),
});
const print = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
worker.events.subscribe((event) => {
  print(event);
  if (event.type === 'published' && mode === 'work') {
    void worker.stop().then(() => handle.close().then(() => process.exit(0)));
  }
});
if (mode === 'enqueue') {
  await handle.db
    .insert(users)
    .values({ id: 'crash-owner', username: 'crash', email: 'crash@example.com' });
  const { video } = await acceptUploadedVideo(
    {
      db: handle.db,
      storage,
      queue: worker.queue,
      events: worker.events,
      media,
      now: () => new Date(),
    },
    {
      ownerId: 'crash-owner',
      title: 'Crash test',
      filePath: process.env.FIXTURE_UPLOAD!,
    },
  );
  print({ type: 'accepted', videoId: video.id, jobId: video.jobId });
}
print({ type: 'ready', mode });
