import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '@cutroom/core/platform/config/config';
import { openDatabase, type DatabaseHandle } from '@cutroom/core/platform/db/client';
import { migrateDatabase } from '@cutroom/core/platform/db/migrate';
import {
  createTranscodeVideoJob,
  transcodeDeadLetterJob,
  transcodeVideoJob,
  TranscodeVideoPayload,
  type TranscodeVideoJob,
  removeOldMediaJob,
  RemoveOldMediaPayload,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue, type JobWithMetadata } from '@cutroom/core/platform/jobs/job-queue';
import { createLogger, type Logger } from '@cutroom/core/platform/logging/logger';
import { createStorage } from '@cutroom/core/platform/storage/create-storage';
import type { Storage } from '@cutroom/core/platform/storage/storage';
import { PostgresEvents } from '@cutroom/core/platform/events/postgres-events';
import {
  InProcessEvents,
  type ProcessingEvents,
} from '@cutroom/core/platform/events/processing-events';
import { markVideoFailed } from '@cutroom/core/features/videos/processing/video-processing.service';
import { mediaConfigFrom, type MediaConfig } from './media-config';
import { transcodeVideo, type TranscodeContext } from './transcode-video';
import { removeOldMedia, replaceVideoFile } from './replace-video';
import { failReplacement } from '@cutroom/core/features/videos/processing/video-replacement.service';
import { sweepStaleWorkDirs } from './work-dirs';
import { eq } from 'drizzle-orm';
import type { Database } from '@cutroom/core/platform/db/client';
import { videos } from '@cutroom/core/platform/db/schema';
import {
  isMetricsRequestAllowed,
  renderMetrics,
  transcodeDuration,
  transcodeRealtimeFactor,
  transcodes,
} from '@cutroom/core/platform/metrics/metrics';
import { createServer } from 'node:http';

export interface StartWorkerOptions {
  handle: DatabaseHandle;
  storage: Storage;
  /** Where progress is announced; the web server passes the one its SSE endpoint listens to. */
  events?: ProcessingEvents;
  /** A queue already started on `handle` (the web server's); one is started otherwise. */
  queue?: JobQueue;
  /** Jobs run at once in this process (WORKER_CONCURRENCY, default 1). */
  concurrency?: number;
  media?: MediaConfig;
  transcodeJob?: TranscodeVideoJob;
  /** How often a queue this worker starts looks for stale jobs (QUEUE_SUPERVISE_SECONDS). */
  superviseIntervalSeconds?: number;
  log?: Logger;
  /** How often an idle worker looks for work (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  progressIntervalMs?: number;
}

export interface RunningWorker {
  queue: JobQueue;
  events: ProcessingEvents;
  /** Stops taking jobs and waits for running ones (then the queue, if this worker started it). */
  stop(): Promise<void>;
}

export const DEAD_LETTER_REASON = 'Processing failed after several attempts';

/**
 * Takes transcode jobs from the queue. Runs in-process inside the web server (required with
 * PGlite, which one process owns) or as `npm run worker` processes against PostgreSQL.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const log = options.log ?? createLogger({ name: 'worker' });
  const job = options.transcodeJob ?? transcodeVideoJob;
  const ownsQueue = !options.queue;
  const queue =
    options.queue ??
    (await JobQueue.start(options.handle, [transcodeDeadLetterJob, job], {
      superviseIntervalSeconds: options.superviseIntervalSeconds,
    }));
  const events = options.events ?? new InProcessEvents();
  const ctx: TranscodeContext = {
    db: options.handle.db,
    storage: options.storage,
    queue,
    events,
    media: options.media ?? mediaConfigFrom(),
    transcodeJob: job,
    progressIntervalMs: options.progressIntervalMs,
    // A worker acts for no caller: the system clock.
    now: () => new Date(),
  };
  const polling = options.pollingIntervalSeconds
    ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
    : {};

  // Work folders of attempts killed mid-job and never retried, at start and then hourly; one
  // older than the longest an attempt may run (plus an hour) belongs to no live attempt.
  const sweepWorkDirs = () =>
    sweepStaleWorkDirs(ctx.media.tmpDir ?? tmpdir(), {
      olderThanMs: (job.settings.expireInSeconds + 3600) * 1000,
    })
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'removed stale transcode work folders');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'work folder sweep failed'));
  void sweepWorkDirs();
  const workDirSweep = setInterval(() => void sweepWorkDirs(), 3600 * 1000);
  workDirSweep.unref();

  const workerId = await queue.work(
    job,
    {
      ...polling,
      batchSize: 1,
      includeMetadata: true,
      localConcurrency: Math.max(1, options.concurrency ?? 1),
    },
    async (jobs: JobWithMetadata<object>[]) => {
      for (const item of jobs) {
        const { videoId, replacement } = TranscodeVideoPayload.parse(item.data);
        const attempt = { videoId, jobId: item.id, retry: item.retryCount, replacement };
        log.info(attempt, 'transcode started');
        const startedAt = performance.now();
        try {
          const request = {
            videoId,
            signal: item.signal,
            isFinalAttempt: item.retryCount >= item.retryLimit,
          };
          // A video's new file goes through the same ladder (docs/videos.md).
          const outcome = replacement
            ? await replaceVideoFile(ctx, request)
            : await transcodeVideo(ctx, request);
          log.info({ ...attempt, outcome }, 'transcode finished');
          await recordTranscode(ctx.db, videoId, outcome, startedAt);
        } catch (error) {
          transcodes.inc({ outcome: 'error' });
          log.warn({ ...attempt, err: error }, 'transcode attempt failed; it will be retried');
          throw error;
        }
      }
    },
  );
  // A video entering processing (its job committed) wakes an idle worker at once instead of at
  // its next poll: up to 2 s sooner to the first playable quality (docs/decisions/0025).
  const stopWaking = events.subscribe((event) => {
    if (event.type === 'processing') queue.boss.notifyWorker(workerId);
  });
  // Jobs whose every attempt died (worker crashes included) land here: the video must not
  // stay "processing" forever.
  await queue.work(transcodeDeadLetterJob, { ...polling, batchSize: 1 }, async (jobs) => {
    for (const item of jobs) {
      const { videoId, replacement } = TranscodeVideoPayload.parse(item.data);
      if (replacement) await failReplacement(ctx, videoId, DEAD_LETTER_REASON);
      else await markVideoFailed(ctx, videoId, DEAD_LETTER_REASON);
    }
  });

  // A video's replaced files, once the pages that played them have followed the new ones.
  await queue.ensureQueue(removeOldMediaJob);
  await queue.work(removeOldMediaJob, { ...polling, batchSize: 1 }, async (jobs) => {
    for (const item of jobs) await removeOldMedia(ctx, RemoveOldMediaPayload.parse(item.data));
  });

  return {
    queue,
    events,
    stop: async () => {
      clearInterval(workDirSweep);
      stopWaking();
      await queue.offWork(job, { wait: true });
      await queue.offWork(transcodeDeadLetterJob, { wait: true });
      await queue.offWork(removeOldMediaJob, { wait: true });
      if (ownsQueue) await queue.stop();
    },
  };
}

/** `npm run worker`: a separate worker process against the PostgreSQL server. */
/** A transcode's outcome, wall time and, once published, its speed against the video's length. */
async function recordTranscode(
  db: Database,
  videoId: string,
  outcome: string,
  startedAt: number,
): Promise<void> {
  const seconds = (performance.now() - startedAt) / 1000;
  transcodes.inc({ outcome });
  transcodeDuration.observe(seconds);
  if (outcome !== 'published' || seconds <= 0) return;
  const [video] = await db
    .select({ duration: videos.durationSeconds })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (video?.duration) transcodeRealtimeFactor.observe(video.duration / seconds);
}

/** A worker's own /metrics (WORKER_METRICS_PORT), behind the same token as the web nodes'. */
function serveWorkerMetrics(port: number, token: string | undefined, log: Logger) {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics' || !token) {
      response.writeHead(404).end();
      return;
    }
    if (!isMetricsRequestAllowed(token, request.headers.authorization)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => {
        log.warn({ err: error }, 'metrics failed');
        response.writeHead(500).end();
      },
    );
  });
  server.listen(port);
  return server;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const log = createLogger({ name: 'worker', level: config.LOG_LEVEL });
  const url = config.DATABASE_URL;
  if (!url) {
    log.error(
      'npm run worker needs DATABASE_URL (a PostgreSQL server). Without it the site uses ' +
        'embedded PGlite, which only one process can open: its worker runs inside `npm start`.',
    );
    process.exit(2);
  }
  const concurrency = config.WORKER_CONCURRENCY;
  const handle = await openDatabase({ url, maxConnections: concurrency + 4 });
  await migrateDatabase(handle);
  // Progress and publications reach the web nodes (live pages, cached listings) this way.
  const events = await PostgresEvents.start({ url, log: log.child({ module: 'events' }) });
  const worker = await startWorker({
    handle,
    storage: createStorage(config),
    events,
    concurrency,
    media: mediaConfigFrom(config),
    transcodeJob: createTranscodeVideoJob(config),
    superviseIntervalSeconds: config.QUEUE_SUPERVISE_SECONDS,
    log,
  });
  const metricsServer =
    config.WORKER_METRICS_PORT > 0
      ? serveWorkerMetrics(config.WORKER_METRICS_PORT, config.METRICS_TOKEN, log)
      : null;
  log.info({ concurrency }, 'worker ready');
  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'worker stopping after its running jobs');
    metricsServer?.close();
    await worker.stop();
    await events.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
