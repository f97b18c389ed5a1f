// Imported by server.ts only: opening and migrating the database stays out of the page bundles.
import { join } from 'node:path';
import { createAccounts } from '@cutroom/core/features/accounts/auth/accounts-runtime';
import { loadConfig, type Config } from '@cutroom/core/platform/config/config';
import { answerSnapshotRequests } from '@cutroom/core/platform/backup/pglite-snapshot';
import { openDatabase } from '@cutroom/core/platform/db/client';
import { migrateDatabase } from '@cutroom/core/platform/db/migrate';
import {
  describeDemoAccounts,
  hasNoUsers,
  seedDemoAccounts,
} from '@cutroom/core/features/site/demo/seed-demo-accounts';
import {
  seedDemoEventEntries,
  seedDemoEvents,
} from '@cutroom/core/features/site/demo/seed-demo-events';
import {
  createTranscodeVideoJob,
  transcodeDeadLetterJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { createListingCache, Listings } from '@cutroom/core/platform/cache/listing-cache';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { notifyOnCommentReplies } from '@cutroom/core/features/community/comments/comment-replies';
import { startNotificationJobs } from '@cutroom/core/features/people/notifications/notification-mail';
import { startHeldStaffActions } from '@cutroom/core/features/moderation/staff/held-actions.runner';
import { startScheduledPublishing } from '@cutroom/core/features/videos/settings/visibility.service';
import { MemberCache } from '@cutroom/core/features/site/member-parts/member-cache';
import { followMemberChanges } from '@cutroom/core/features/site/member-parts/member-changes';
import { createStorage } from '@cutroom/core/platform/storage/create-storage';
import { PostgresEvents } from '@cutroom/core/platform/events/postgres-events';
import {
  dropCachedPagesOnStateChange,
  InProcessEvents,
} from '@cutroom/core/platform/events/processing-events';
import { seedDemoVideos } from '@cutroom/media/demo/seed-demo-videos';
import { startLiveIngest } from '@cutroom/media/live/rtmp-ingest';
import { startSilentLiveCheck } from '@cutroom/media/live/silent-lives';
import { startLiveAudience } from '@cutroom/core/features/videos/live/live-audience';
import { mediaConfigFrom } from '@cutroom/media/media-config';
import { startWorker } from '@cutroom/media/worker';
import { LiveReloads } from './live-reloads';
import { PageCache } from './page-cache';
import { registerMemoryMetrics, registerRuntimeMetrics } from './runtime-metrics';
import type { Runtime } from './runtime';
import { getViewer } from './session';
import { createUploadServer } from './uploads';

/**
 * Opens everything one web process shares: the database (applying pending migrations), media
 * storage, the job queue and, unless turned off, the transcoding worker.
 */
export async function createRuntime(config: Config = loadConfig()): Promise<Runtime> {
  const log = createLogger({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'db'),
    waitLimitMs: config.DATABASE_WAIT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    guardTransactions: config.NODE_ENV !== 'production',
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
  });
  await migrateDatabase(database);
  // `npm run backup` asks this process, which alone may open the embedded database, for a copy.
  registerRuntimeMetrics(database, join(config.dataDir, 'uploads'));
  const stopAnsweringBackups = answerSnapshotRequests({
    database,
    dataDir: config.dataDir,
    log: log.child({ module: 'backup' }),
  });
  // A fresh install (no account yet) gets the demo accounts, their passwords shown once.
  const isFirstStart = config.SEED_DEMO && (await hasNoUsers(database.db));
  if (isFirstStart) {
    const demo = await seedDemoAccounts(database.db);
    if (demo.length > 0) process.stdout.write(`${describeDemoAccounts(demo, config.PUBLIC_URL)}\n`);
    await seedDemoEvents(database.db, new Date());
  }
  const accounts = await createAccounts({ config, db: database.db, log });
  const storage = createStorage(config);
  const media = mediaConfigFrom(config);
  const uploads = createUploadServer({
    directory: join(config.dataDir, 'uploads'),
    maxBytes: config.UPLOAD_MAX_BYTES,
    getViewer,
    log,
    probe: { ffprobePath: media.ffprobePath, tmpDir: media.tmpDir },
  });
  const transcodeJob = createTranscodeVideoJob(config);
  const queue = await JobQueue.start(database, [transcodeDeadLetterJob, transcodeJob], {
    superviseIntervalSeconds: config.QUEUE_SUPERVISE_SECONDS,
  });
  // Notification e-mails (at once and the daily digest) go out from the web processes, which
  // hold the mailer.
  const notificationJobs = await startNotificationJobs(queue, {
    db: database.db,
    mailer: accounts.mailer,
    settings: {
      publicUrl: config.PUBLIC_URL,
      siteName: config.SITE_NAME,
      secret: accounts.settings.secret,
    },
    log: log.child({ module: 'notifications' }),
    digestCron: config.NOTIFICATION_DIGEST_CRON,
  });
  const listings = new Listings(createListingCache(config));
  // With a server database, workers may be other processes: events cross through it.
  const events = config.DATABASE_URL
    ? await PostgresEvents.start({ url: config.DATABASE_URL, log: log.child({ module: 'events' }) })
    : new InProcessEvents();
  const cacheDropFailed = (error: unknown) => log.warn({ err: error }, 'cache invalidation failed');
  const dropCachedListings = () => listings.invalidateLocal().catch(cacheDropFailed);
  // A change of a video's state changes its page and what listings show: each process drops
  // its own cached listings and kept pages at once.
  dropCachedPagesOnStateChange(events, listings, cacheDropFailed);
  // Without Redis each web node caches on its own: changes made through one reach the others.
  if (events instanceof PostgresEvents && !config.REDIS_URL) {
    listings.setBroadcast(() => events.announceListingsChanged());
    events.onListingsChanged(() => void dropCachedListings());
  }
  // The number watching each live, summed over the web nodes on the event channel (docs/live.md).
  const stopLiveAudience = startLiveAudience(events);
  // Members' sessions and parts in memory, dropped as the database announces their changes.
  const memberCache = new MemberCache({ maxMembers: config.MEMBER_CACHE_MAX_MEMBERS });
  const stopFollowingMembers = await followMemberChanges(database, events, memberCache);
  // Scheduled videos go out at their time (woken by their job, and a sweep every minute).
  const scheduledPublishing = await startScheduledPublishing({
    db: database.db,
    events,
    queue,
    listings,
    log: log.child({ module: 'scheduled-publishing' }),
  });
  // Replies to comments made through this process notify the comment's author.
  const stopCommentReplyNotices = notifyOnCommentReplies({
    events,
    queue,
    log: log.child({ module: 'notifications' }),
  });
  // Report-queue actions held for their undo window are carried out by the web processes.
  const heldStaffActions = await startHeldStaffActions(
    queue,
    {
      config,
      db: database.db,
      listings,
      log: log.child({ module: 'held-actions' }),
      now: () => new Date(),
      ip: '127.0.0.1',
      headers: new Headers(),
      media: { storage, queue, events, uploads: uploads.files },
      accounts,
      memberCache,
    },
    { soleProcess: !config.DATABASE_URL },
  );
  // PGlite belongs to this process alone, so its worker must run here.
  const runsWorker = config.INPROCESS_WORKER || !config.DATABASE_URL;
  const worker = runsWorker
    ? await startWorker({
        handle: database,
        storage,
        events,
        queue,
        media,
        transcodeJob,
        log: log.child({ name: 'worker' }),
      })
    : null;
  // What the live ingest and the check for silent lives both work with (docs/live.md).
  const liveServices = {
    db: database.db,
    log: log.child({ module: 'live' }),
    media,
    storage,
    events,
    queue,
    transcodeJob,
    workDir: join(config.dataDir, 'live'),
    // They act for no caller: the system clock.
    now: () => new Date(),
  };
  // Live streams arrive on the RTMP port, read by an ingest process this one starts and watches
  // (docs/live.md); 0 turns it off.
  const liveReloads = new LiveReloads();
  const liveIngest =
    config.LIVE_RTMP_PORT === 0
      ? null
      : await startLiveIngest({
          ...liveServices,
          port: config.LIVE_RTMP_PORT,
          onLivePlaylist: (key, playlist) => liveReloads.notify(key, playlist),
          // Its memory's bounds (docs/operations.md, Memory).
          limits: { maxBacklogBytes: config.LIVE_BACKLOG_MB * 1024 * 1024 },
          ingestLimits: { maxTotalBufferedBytes: (config.LIVE_INGEST_MEMORY_MB / 2) * 1024 * 1024 },
          processLimits: { maxResidentBytes: config.LIVE_INGEST_MEMORY_MB * 1024 * 1024 },
        }).catch((error: NodeJS.ErrnoException) => {
          throw new Error(
            error.code === 'EADDRINUSE'
              ? `Port ${config.LIVE_RTMP_PORT} is already in use: stop what runs there or set LIVE_RTMP_PORT to another port (0 turns live streams off)`
              : `Cannot take live streams on port ${config.LIVE_RTMP_PORT} (LIVE_RTMP_PORT): ${error.message}`,
          );
        });
  // A live left on air by a node that stopped and never came back: any node's check ends it.
  const silentLives = startSilentLiveCheck({
    ...liveServices,
    isHeldHere: (videoId) => liveIngest?.workDirOf(videoId) != null,
  });
  if (isFirstStart) {
    // In the background: the site is usable at once, the demo videos appear as they process.
    seedDemoVideos(
      { db: database.db, storage, queue, events, media, now: () => new Date() },
      { ffmpegPath: media.ffmpegPath },
    )
      .then(async (count) => {
        log.info({ count }, 'demo videos queued');
        // The first event's entries are the demo videos (shown once they are published).
        await seedDemoEventEntries(database.db);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'demo videos could not be made'));
  }
  const pageCache = new PageCache({
    ttlSeconds: config.LISTING_CACHE_SECONDS,
    currentGeneration: () => listings.currentGeneration(),
    maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
    log: log.child({ module: 'page-cache' }),
  });
  registerMemoryMetrics({ database, pageCache, listings: listings.cache, memberCache });
  return {
    config,
    database,
    log,
    accounts,
    storage,
    uploads,
    listings,
    media: { storage, queue, events, uploads: uploads.files },
    memberCache,
    pageCache,
    liveReloads,
    async stop() {
      // Each part's time goes into the "stopped" line: a stop that nears its deadline
      // (docs/faults.md) says which part took it.
      const took: Record<string, number> = {};
      const part = async (name: string, close: () => unknown) => {
        const began = performance.now();
        await close();
        took[name] = Math.round(performance.now() - began);
      };
      stopAnsweringBackups();
      await part('silentLives', () => silentLives.stop());
      await part('live', () => liveIngest?.stop());
      await part('worker', () => worker?.stop());
      await part('heldActions', () => heldStaffActions.stop());
      stopCommentReplyNotices();
      await part('notifications', () => notificationJobs.stop());
      await part('scheduled', () => scheduledPublishing.stop());
      await part('queue', () => queue.stop({ timeoutMs: 3_000 }));
      await part('members', () => stopFollowingMembers());
      stopLiveAudience();
      if (events instanceof PostgresEvents) {
        listings.setBroadcast(undefined);
        await part('events', () => events.stop());
      }
      await part('cache', () => listings.cache.close());
      await part('database', () => database.close());
      log.info({ tookMs: took }, 'runtime closed');
    },
  };
}
