import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams, videos } from '@cutroom/core/platform/db/schema';
import {
  checkStreamKey,
  issueStreamKey,
  LIVE_NODE_STOPPED,
  saveLiveDetails,
  startLive,
  touchLives,
} from '@cutroom/core/features/videos/live/live.service';
import {
  transcodeDeadLetterJob,
  transcodeVideoJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { createUser } from '@cutroom/core/test-support/factories';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import {
  InProcessEvents,
  type ProcessingEvent,
} from '@cutroom/core/platform/events/processing-events';
import { mediaConfigFrom } from '../media-config';
import { REPLAY_LOST } from './rtmp-ingest';
import { startSilentLiveCheck, type SilentLiveCheck } from './silent-lives';

// Lives left on air by a node that stopped and never came back (docs/live.md): this node's
// check, on a clock the test moves, ends those whose heartbeat is older than two minutes.
const handle = await createTestDatabase();
const work = mkdtempSync(join(tmpdir(), 'cutroom-silent-lives-'));
const workDir = join(work, 'live');
const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
const events = new InProcessEvents();
const heard: ProcessingEvent[] = [];
events.subscribe((event) => heard.push(event));
let queue: JobQueue;
let checker: SilentLiveCheck;
const t0 = new Date('2026-11-28T10:00:00Z');
let clock = t0;
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
  checker = startSilentLiveCheck({
    db: handle.db,
    log: createLogger({ level: 'silent' }),
    media: mediaConfigFrom(),
    storage,
    events,
    queue,
    workDir,
    now: () => clock,
    // The timer stays out of the way: the test runs each check itself.
    everyMs: 3_600_000,
  });
});

afterAll(async () => {
  await checker?.stop();
  await queue?.stop({ timeoutMs: 5_000 });
  await rm(work, { recursive: true, force: true });
});

/** A live on air since `t0`, on a node that said nothing since. */
async function liveOnAir(details: { keepRecording?: boolean } = {}) {
  const { user, actor } = await createUser(handle.db);
  const { key } = await issueStreamKey({ db: handle.db, actor, now: () => new Date() });
  await saveLiveDetails({ db: handle.db, actor, now: () => new Date() }, details);
  const check = await checkStreamKey(handle.db, key);
  if (!check.ok) throw new Error(check.reason);
  const { videoId } = await startLive(
    { db: handle.db, now: () => t0 },
    { ...check, probe: { width: 320, height: 180, frameRate: 25 } },
  );
  // Its live media in the shared storage, as the stopped node left them (a recording part
  // stands in for a segment: only its removal is looked at).
  const segment = join(work, 'part.flv');
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc2=size=320x180:rate=25:duration=1', '-c:v', 'libx264'],
    ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'flv', segment],
  ]);
  await storage.putFile(`live/${videoId}/v0/seg-1.ts`, segment);
  return { user, videoId, segment };
}

const liveRow = async (videoId: string) =>
  (await handle.db.select().from(liveStreams).where(eq(liveStreams.videoId, videoId)))[0];
const videoRow = async (videoId: string) =>
  (await handle.db.select().from(videos).where(eq(videos.id, videoId)))[0];

describe('lives whose node stopped', () => {
  it('ends a live whose heartbeat stopped two minutes ago, not one whose node still beats, and says its replay is lost', async () => {
    const silent = await liveOnAir();
    const beating = await liveOnAir();
    clock = later(100);
    expect(await touchLives({ db: handle.db, now: () => clock }, [beating.videoId])).toEqual([
      beating.videoId,
    ]);
    // At 110 s nothing is two minutes silent yet.
    clock = later(110);
    expect(await checker.check()).toBe(0);
    clock = later(150);
    expect(await checker.check()).toBe(1);
    expect(await liveRow(silent.videoId)).toMatchObject({
      state: 'ended',
      endReason: LIVE_NODE_STOPPED,
    });
    expect((await liveRow(beating.videoId))!.state).toBe('live');
    // Its node's disk is gone with it: the video says so rather than offering a replay.
    expect(await videoRow(silent.videoId)).toMatchObject({
      status: 'failed',
      failureReason: REPLAY_LOST,
      masterPlaylistKey: null,
    });
    expect(await storage.list(`live/${silent.videoId}/`)).toEqual([]);
    // Announced, so a node that holds it after all cuts it, and pages show the end.
    expect(heard).toContainEqual(
      expect.objectContaining({ type: 'live-ended', videoId: silent.videoId }),
    );
    // Ended once: the next check finds nothing more.
    expect(await checker.check()).toBe(0);
    // A held live's heartbeat answers what is still on air.
    expect(
      await touchLives({ db: handle.db, now: () => clock }, [silent.videoId, beating.videoId]),
    ).toEqual([beating.videoId]);
  });

  it('processes the recording when the stopped node left its parts where this node reaches them', async () => {
    const { videoId, segment } = await liveOnAir();
    // A shared DATA_DIR: the stopped node's work folder is here.
    await mkdir(workDir, { recursive: true });
    const folder = mkdtempSync(join(workDir, `cutroom-live-${videoId}-`));
    await copyFile(segment, join(folder, 'part-001.flv'));
    clock = later(3 * 60);
    expect(await checker.check()).toBeGreaterThanOrEqual(1);
    expect((await liveRow(videoId))!.endReason).toBe(LIVE_NODE_STOPPED);
    const replay = (await videoRow(videoId))!;
    expect(replay.status).toBe('processing');
    expect(replay.sourceKey).not.toBeNull();
    expect(replay.jobId).not.toBeNull();
    expect(await readdir(workDir)).toEqual([]);
  });

  it('removes the video of a live whose streamer chose not to keep it', async () => {
    const { videoId } = await liveOnAir({ keepRecording: false });
    clock = later(4 * 60);
    await checker.check();
    expect(await videoRow(videoId)).toBeUndefined();
  });
});
