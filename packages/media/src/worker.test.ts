import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import {
  users,
  videoFingerprints,
  videoFrameHashes,
  videos,
} from '@cutroom/core/platform/db/schema';
import {
  createTranscodeVideoJob,
  transcodeDeadLetterJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { sourceKeyFor } from '@cutroom/core/platform/storage/rendition-folder';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import {
  InProcessEvents,
  type ProcessingEvent,
} from '@cutroom/core/platform/events/processing-events';
import {
  cancelVideo,
  deleteVideo,
  findVideo,
  retryVideo,
  videoMediaUrls,
  type VideoProcessingContext,
} from '@cutroom/core/features/videos/processing/video-processing.service';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { UNACCEPTED_FORMAT_MESSAGE } from './container-format';
import { acceptUploadedVideo } from './accept-upload';
import { mediaConfigFrom } from './media-config';
import { generateTestVideo } from '../test-support/test-video';
import { startWorker, type RunningWorker } from './worker';

const work = mkdtempSync(join(tmpdir(), 'cutroom-worker-test-'));
const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
const events = new InProcessEvents();
const transcodeJob = createTranscodeVideoJob({
  JOB_HEARTBEAT_SECONDS: 10,
  TRANSCODE_RETRY_DELAY_SECONDS: 0,
  TRANSCODE_RETRY_LIMIT: 1,
});
const owner = { id: 'owner-1', role: 'user' };
let ctx: VideoProcessingContext;
let worker: RunningWorker;
let sample: string;
let longer: string;

function nextEvent(
  predicate: (event: ProcessingEvent) => boolean,
  timeoutMs = 45_000,
): Promise<ProcessingEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('Timed out waiting for a processing event'));
    }, timeoutMs);
    const stop = events.subscribe((event) => {
      if (!predicate(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** A fresh copy of a sample, as an upload would leave it. */
function upload(from: string): string {
  const path = join(work, `upload-${Math.random().toString(36).slice(2)}.mp4`);
  copyFileSync(from, path);
  return path;
}

let startTestWorker: () => ReturnType<typeof startWorker>;

// At the top level: the afterAll that drops it must be registered outside a hook.
const handle = await createTestDatabase();

beforeAll(async () => {
  const { db } = handle;
  await db.insert(users).values([
    { id: owner.id, username: 'maker', email: 'maker@example.com' },
    { id: 'other', username: 'other', email: 'other@example.com' },
  ]);
  const queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeJob], {
    superviseIntervalSeconds: 2,
  });
  ctx = { db, storage, queue, events, transcodeJob, now: () => new Date() };
  startTestWorker = () =>
    startWorker({
      handle,
      storage,
      events,
      queue,
      transcodeJob,
      media: mediaConfigFrom(),
      pollingIntervalSeconds: 0.5,
      progressIntervalMs: 100,
      log: createLogger({ level: 'silent' }),
    });
  worker = await startTestWorker();
  sample = join(work, 'sample.mp4');
  longer = join(work, 'longer.mp4');
  await generateTestVideo({ path: sample, width: 640, height: 360, seconds: 4 });
  await generateTestVideo({
    path: longer,
    width: 1280,
    height: 720,
    seconds: 12,
    preset: 'ultrafast',
  });
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.queue.stop();
  await rm(work, { recursive: true, force: true });
});

const metadata = { ownerId: owner.id, title: 'Évening test pattern!', category: 'other' as const };

describe('processing a video', () => {
  it('takes an upload to published with its renditions, progress on the way', async () => {
    const seen: ProcessingEvent[] = [];
    const stopWatching = events.subscribe((e) => seen.push(e));
    const published = nextEvent((e) => e.type === 'published');
    // When its first quality is playable the video is still processing, and plays from there.
    const atPlayable = nextEvent((e) => e.type === 'playable').then(async (event) => {
      const row = (await findVideo(ctx, (event as { videoId: string }).videoId))!;
      const master = await text((await storage.getStream(row.masterPlaylistKey!)).body);
      return { event, row, master };
    });
    const file = upload(sample);
    const { video } = await acceptUploadedVideo(ctx, {
      ...metadata,
      labels: { tag: ['tone', 'tone', 'pattern'] },
      filePath: file,
    });
    expect(video).toMatchObject({
      status: 'processing',
      progress: 0,
      slug: 'evening-test-pattern',
    });
    expect(existsSync(file)).toBe(false);
    await published;
    stopWatching();
    const playable = await atPlayable;
    expect(playable.event).toMatchObject({ type: 'playable', videoId: video.id, quality: 360 });
    expect(playable.row).toMatchObject({ status: 'processing', topQuality: 360 });
    expect(playable.row.posterKey).not.toBeNull();
    expect(playable.master.match(/#EXT-X-STREAM-INF:.*RESOLUTION=/g)).toHaveLength(1);
    expect(playable.master).toContain('360p/index.m3u8');

    const row = (await findVideo(ctx, video.id))!;
    expect(row).toMatchObject({
      status: 'published',
      progress: 100,
      durationSeconds: 4,
      width: 640,
      height: 360,
      topQuality: 360,
      hasAv1: false,
      failureReason: null,
    });
    expect(row.aspectRatio).toBeCloseTo(16 / 9);
    expect(row.publishedAt).toBeInstanceOf(Date);
    const urls = videoMediaUrls(storage, row)!;
    expect(urls.masterPlaylistUrl).toBe(`/media/${row.mediaPrefix}hls/master.m3u8`);
    const master = await text((await storage.getStream(row.masterPlaylistKey!)).body);
    expect(master).toContain('RESOLUTION=640x360');
    const vtt = await text((await storage.getStream(row.spritesVttKey!)).body);
    expect(vtt).toContain('sprite-0.jpg#xywh=0,0,160,90');
    expect(await storage.stat(row.posterKey!)).toMatchObject({ contentType: 'image/jpeg' });
    // Its fingerprint is kept: 4 seconds sampled twice a second, the tone's chromaprint.
    const [fingerprint] = await ctx.db
      .select()
      .from(videoFingerprints)
      .where(eq(videoFingerprints.videoId, video.id));
    expect(fingerprint?.sampleCount).toBe(8);
    expect(fingerprint?.sound.length).toBeGreaterThan(0);
    const hashes = await ctx.db
      .select()
      .from(videoFrameHashes)
      .where(eq(videoFrameHashes.videoId, video.id));
    expect(hashes.length).toBeGreaterThan(4);

    const types = seen.filter((e) => 'videoId' in e && e.videoId === video.id).map((e) => e.type);
    expect(types[0]).toBe('processing');
    expect(types.at(-1)).toBe('published');
    // The first quality lands before the rest: playable comes before published, once.
    expect(types.filter((type) => type === 'playable')).toHaveLength(1);
    expect(types.indexOf('playable')).toBeLessThan(types.indexOf('published'));
    const progress = seen.flatMap((e) =>
      e.type === 'progress' && e.videoId === video.id ? [e.progress] : [],
    );
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // Deleting removes the row and every object.
    await expect(
      deleteVideo({ ...ctx, actor: { id: 'other', role: 'user' } }, video.id),
    ).rejects.toThrow('Only the owner of this video can do that');
    await deleteVideo({ ...ctx, actor: owner }, video.id);
    expect(await findVideo(ctx, video.id)).toBeNull();
    expect(await storage.list(`videos/${video.id}/`)).toEqual([]);
  });

  it('refuses a text file renamed .mp4 and leaves nothing behind', async () => {
    const fake = join(work, 'holiday.mp4');
    writeFileSync(fake, 'Dear diary, today I renamed a text file.\n'.repeat(100));
    const before = await ctx.db.select().from(videos);
    const refusal = await acceptUploadedVideo(ctx, { ...metadata, filePath: fake }).catch((e) => e);
    expect(isServiceError(refusal)).toBe(true);
    expect(refusal).toMatchObject({
      kind: 'invalid',
      message: UNACCEPTED_FORMAT_MESSAGE,
    });
    expect(await ctx.db.select().from(videos)).toEqual(before);
    expect(existsSync(fake)).toBe(false);
    expect(await storage.list('videos/')).toEqual([]);
  });

  it('marks a video failed with the reason, and a retry publishes it', async () => {
    const failed = nextEvent((e) => e.type === 'failed');
    // No worker while the stored source is spoilt, so none can take the job first.
    await worker.stop();
    const { video } = await acceptUploadedVideo(ctx, { ...metadata, filePath: upload(sample) });
    // The stored source turns out unreadable by the time the worker gets it.
    await storage.putBytes(sourceKeyFor(video.id), 'not a video any more');
    worker = await startTestWorker();
    const event = await failed;
    expect(event).toMatchObject({
      videoId: video.id,
      reason: expect.stringContaining('not a video'),
    });
    expect(await findVideo(ctx, video.id)).toMatchObject({ status: 'failed' });

    await expect(
      retryVideo({ ...ctx, actor: { id: 'other', role: 'user' } }, video.id),
    ).rejects.toThrow();
    await storage.putFile(sourceKeyFor(video.id), sample);
    const published = nextEvent((e) => e.type === 'published' && e.videoId === video.id);
    const retried = await retryVideo({ ...ctx, actor: owner }, video.id);
    expect(retried).toMatchObject({ status: 'processing', failureReason: null, progress: 0 });
    await published;
    expect(await findVideo(ctx, video.id)).toMatchObject({ status: 'published' });
    await expect(retryVideo({ ...ctx, actor: owner }, video.id)).rejects.toThrow(
      'Only a video whose processing failed',
    );
    await deleteVideo({ ...ctx, actor: owner }, video.id);
  });

  it('cancels a video in processing: the job stops and nothing it made remains', async () => {
    const { video } = await acceptUploadedVideo(ctx, { ...metadata, filePath: upload(longer) });
    await nextEvent((e) => e.type === 'progress' && e.videoId === video.id && e.progress > 0);
    await cancelVideo({ ...ctx, actor: owner }, video.id);
    expect(await findVideo(ctx, video.id)).toBeNull();
    // The worker notices at its next progress write, kills ffmpeg and writes nothing more.
    const job = await ctx.queue.boss.getJobById(transcodeJob.name, video.jobId!);
    expect(job?.state).toBe('cancelled');
    // Stopping the worker waits for its running job: the cancelled one has ended when it returns.
    await worker.stop();
    expect(await storage.list(`videos/${video.id}/`)).toEqual([]);
    worker = await startTestWorker();
    await expect(cancelVideo({ ...ctx, actor: owner }, video.id)).rejects.toThrow(
      "This video doesn't exist",
    );
  });
});
