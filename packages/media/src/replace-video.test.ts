import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  notifications,
  users,
  videoFingerprints,
  videos,
  videoSubtitles,
} from '@cutroom/core/platform/db/schema';
import {
  createTranscodeVideoJob,
  transcodeDeadLetterJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import {
  InProcessEvents,
  type ProcessingEvent,
} from '@cutroom/core/platform/events/processing-events';
import type { VideoProcessingContext } from '@cutroom/core/features/videos/processing/video-processing.service';
import {
  findReplacement,
  REPLACEMENT_MESSAGES,
  startReplayProcessing,
} from '@cutroom/core/features/videos/processing/video-replacement.service';
import { createVideo } from '@cutroom/core/test-support/video-factory';
import { acceptUploadedVideo } from './accept-upload';
import { runFfmpeg } from './ffmpeg-runner';
import { mediaConfigFrom } from './media-config';
import { generateTestVideo } from '../test-support/test-video';
import { removeOldMedia } from './replace-video';
import { replaceWithUpload } from './uploads/upload.service';
import { startWorker, type RunningWorker } from './worker';

const work = mkdtempSync(join(tmpdir(), 'cutroom-replace-test-'));
const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
const events = new InProcessEvents();
const transcodeJob = createTranscodeVideoJob({
  JOB_HEARTBEAT_SECONDS: 10,
  TRANSCODE_RETRY_DELAY_SECONDS: 0,
  TRANSCODE_RETRY_LIMIT: 1,
});
const member = (id: string, username: string) => ({
  id,
  username,
  role: 'user',
  emailVerified: true,
  isSupporter: false,
});
const owner = member('replacer-1', 'replacer');
const stranger = member('stranger-1', 'stranger');
let ctx: VideoProcessingContext;
let worker: RunningWorker;
let first: string;
let second: string;
/** The video the first test gave a new file. */
let replacedId: string;

const handle = await createTestDatabase();

function nextEvent(predicate: (event: ProcessingEvent) => boolean, timeoutMs = 60_000) {
  return new Promise<ProcessingEvent>((resolve, reject) => {
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

/** A finished upload of `from` by `ownerId`, as the upload server keeps it. */
function uploaded(from: string, ownerId: string) {
  const id = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32);
  const path = join(work, `upload-${id}`);
  copyFileSync(from, path);
  return { id, path, ownerId, size: 1, offset: 1 };
}

function uploadsHolding(upload: ReturnType<typeof uploaded>) {
  let removed = false;
  return {
    find: async (id: string) => (id === upload.id && !removed ? upload : null),
    remove: async () => {
      removed = true;
      await rm(upload.path, { force: true });
    },
  };
}

/** An upload of the file at `filePath` accepted for `ownerId`, with plain details. */
function acceptVideo(ownerId: string, title: string, filePath: string) {
  return acceptUploadedVideo(ctx, {
    ownerId,
    title,
    description: '',
    category: 'other',
    isExplicit: false,
    isSameSex: false,
    isTrans: false,
    hasSeizureWarning: false,
    labels: { tag: [], music: [], star: [], creator: [] },
    filePath,
  });
}

beforeAll(async () => {
  const { db } = handle;
  await db.insert(users).values([
    { id: owner.id, username: 'replacer', email: 'replacer@example.com' },
    { id: stranger.id, username: 'stranger', email: 'stranger@example.com' },
  ]);
  const queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeJob]);
  ctx = { db, storage, queue, events, transcodeJob, now: () => new Date() };
  worker = await startWorker({
    handle,
    storage,
    events,
    queue,
    transcodeJob,
    // Replaced files stay a moment for the pages playing them (docs/videos.md).
    media: mediaConfigFrom({ OLD_MEDIA_GRACE_SECONDS: 5 }),
    pollingIntervalSeconds: 0.5,
    log: createLogger({ level: 'silent' }),
  });
  first = join(work, 'first.mp4');
  second = join(work, 'second.mp4');
  await generateTestVideo({ path: first, width: 640, height: 360, seconds: 3 });
  await generateTestVideo({
    path: second,
    width: 1280,
    height: 720,
    seconds: 5,
    preset: 'ultrafast',
  });
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.queue.stop({ graceful: false });
  await rm(work, { recursive: true, force: true });
});

describe("replacing a video's file", () => {
  // Two real transcodes each: past the domain tests' minute on a loaded machine.
  it(
    'processes the new file while the old one plays, then puts it in place keeping the page, comments, counts and tracks',
    { timeout: 180_000 },
    async () => {
      const published = nextEvent((event) => event.type === 'published');
      const path = join(work, 'first-upload.mp4');
      copyFileSync(first, path);
      const { video } = await acceptVideo(owner.id, 'Replace me', path);
      await published;
      const { db } = handle;
      await db.update(videos).set({ views: 7, upvotes: 2 }).where(eq(videos.id, video.id));
      await db.insert(comments).values({
        id: 'comment-kept-1',
        videoId: video.id,
        authorId: stranger.id,
        body: 'Still here after the new file',
      });
      const [before] = await db.select().from(videos).where(eq(videos.id, video.id));
      // A track, as the owner's settings store it under the renditions' prefix.
      const trackKey = `${before!.mediaPrefix}subtitles/en-abc123.vtt`;
      await storage.putBytes(
        trackKey,
        new TextEncoder().encode('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'),
      );
      await db
        .insert(videoSubtitles)
        .values({ videoId: video.id, language: 'en', label: 'English', key: trackKey });

      // Someone else's video is not theirs to replace.
      const foreign = uploaded(second, stranger.id);
      await expect(
        replaceWithUpload(
          { ...ctx, actor: stranger, uploads: uploadsHolding(foreign) },
          {
            _id: video.id,
            uploadId: foreign.id,
          },
        ),
      ).rejects.toMatchObject({ kind: 'forbidden' });
      // A file that is not a video is refused before anything is kept.
      const text = join(work, 'not-a-video.mp4');
      writeFileSync(text, 'hello, this is text');
      const bad = uploaded(text, owner.id);
      await expect(
        replaceWithUpload(
          { ...ctx, actor: owner, uploads: uploadsHolding(bad) },
          {
            _id: video.id,
            uploadId: bad.id,
          },
        ),
      ).rejects.toMatchObject({ kind: 'invalid' });
      expect(await findReplacement(ctx, video.id)).toBeNull();

      const replaced = nextEvent(
        (event) => event.type === 'published' && event.videoId === video.id,
      );
      const good = uploaded(second, owner.id);
      const started = await replaceWithUpload(
        { ...ctx, actor: owner, uploads: uploadsHolding(good) },
        { _id: video.id, uploadId: good.id },
      );
      expect(started.status).toBe('processing');
      // While it processes the video is as it was, and a second new file waits its turn.
      const [meanwhile] = await db.select().from(videos).where(eq(videos.id, video.id));
      expect(meanwhile!.masterPlaylistKey).toBe(before!.masterPlaylistKey);
      expect(meanwhile!.status).toBe('published');
      const another = uploaded(second, owner.id);
      await expect(
        replaceWithUpload(
          { ...ctx, actor: owner, uploads: uploadsHolding(another) },
          {
            _id: video.id,
            uploadId: another.id,
          },
        ),
      ).rejects.toMatchObject({ kind: 'conflict', message: REPLACEMENT_MESSAGES.busy });

      await replaced;
      // Its owner is told once the new file is in place.
      await expect
        .poll(
          async () =>
            (
              await db.select().from(notifications).where(eq(notifications.userId, owner.id))
            ).filter((row) => row.kind === 'video_processed' && row.detail.includes('new file'))
              .length,
          { timeout: 10_000 },
        )
        .toBe(1);
      const [after] = await db.select().from(videos).where(eq(videos.id, video.id));
      expect(after!.mediaPrefix).not.toBe(before!.mediaPrefix);
      expect(after!.topQuality).toBe(720);
      expect(after!.durationSeconds).toBeGreaterThan(4);
      expect(after).toMatchObject({
        id: video.id,
        slug: before!.slug,
        status: 'published',
        views: 7,
        upvotes: 2,
        title: 'Replace me',
      });
      expect(after!.publishedAt?.getTime()).toBe(before!.publishedAt?.getTime());
      expect(await storage.stat(after!.masterPlaylistKey!)).not.toBeNull();
      // The old source is gone; the old files stay while open pages follow the new ones, then
      // go; the track moved with the renditions.
      expect(await storage.stat(before!.sourceKey!)).toBeNull();
      await expect
        .poll(async () => (await storage.list(before!.mediaPrefix!)).length, { timeout: 20_000 })
        .toBe(0);
      const [track] = await db
        .select()
        .from(videoSubtitles)
        .where(eq(videoSubtitles.videoId, video.id));
      expect(track!.key.startsWith(after!.mediaPrefix!)).toBe(true);
      expect(await storage.stat(track!.key)).not.toBeNull();
      expect(await db.select().from(comments).where(eq(comments.videoId, video.id))).toHaveLength(
        1,
      );
      expect(await findReplacement(ctx, video.id)).toBeNull();
      // Its fingerprint is the new file's (5 s, twice a second), the one later uploads meet.
      const [fingerprint] = await db
        .select()
        .from(videoFingerprints)
        .where(eq(videoFingerprints.videoId, video.id));
      expect(fingerprint!.sampleCount).toBe(10);
      replacedId = video.id;
    },
  );

  it(
    "refuses a new file that copies another member's video, and the old file plays on",
    { timeout: 180_000 },
    async () => {
      const { db } = handle;
      // The stranger's own video: a pattern unlike the owner's files.
      const theirs = join(work, 'theirs.mp4');
      await runFfmpeg({
        args: [
          ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi'],
          ...['-i', 'mandelbrot=size=320x240:rate=25:start_scale=0.05:end_scale=0.002'],
          ...['-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', theirs],
        ],
      });
      const path = join(work, 'theirs-upload.mp4');
      copyFileSync(theirs, path);
      const published = nextEvent((event) => event.type === 'published');
      const { video: original } = await acceptVideo(stranger.id, 'Their zoom', path);
      await published;
      const [before] = await db.select().from(videos).where(eq(videos.id, replacedId));

      const copy = uploaded(theirs, owner.id);
      await replaceWithUpload(
        { ...ctx, actor: owner, uploads: uploadsHolding(copy) },
        { _id: replacedId, uploadId: copy.id },
      );
      await expect
        .poll(async () => (await findReplacement(ctx, replacedId))?.status, { timeout: 60_000 })
        .toBe('failed');
      const refusal = await findReplacement(ctx, replacedId);
      expect(refusal!.failureReason).toMatch(
        /^It matches another member’s video: 0:00–0:0\d of it is 0:00–0:0\d of “Their zoom”\./,
      );
      // Nothing of the video changed: its files, its source and its fingerprint are the old ones.
      const [after] = await db.select().from(videos).where(eq(videos.id, replacedId));
      expect(after).toMatchObject({
        status: 'published',
        mediaPrefix: before!.mediaPrefix,
        masterPlaylistKey: before!.masterPlaylistKey,
        sourceKey: before!.sourceKey,
      });
      expect(await storage.stat(after!.masterPlaylistKey!)).not.toBeNull();
      const [fingerprint] = await db
        .select()
        .from(videoFingerprints)
        .where(eq(videoFingerprints.videoId, replacedId));
      expect(fingerprint!.sampleCount).toBe(10);
      // The stranger may give their own video the same file again: their own never matches.
      const again = uploaded(theirs, stranger.id);
      const done = nextEvent(
        (event) => event.type === 'published' && event.videoId === original.id,
      );
      await replaceWithUpload(
        { ...ctx, actor: stranger, uploads: uploadsHolding(again) },
        { _id: original.id, uploadId: again.id },
      );
      await done;
      expect(await findReplacement(ctx, original.id)).toBeNull();
    },
  );

  it("puts a live's full replay in place of the one made of its segments, and the live's media go", async () => {
    const { db } = handle;
    // An ended live playing its replay from its own segments (docs/live.md, "The end").
    const live = await createVideo(db, { ownerId: owner.id, title: 'Last night live' });
    const liveKeys = ['replay.m3u8', 'replay.jpg', 'v0/replay.m3u8', 'v0/seg-00000.ts'].map(
      (name) => `live/${live.id}/${name}`,
    );
    for (const key of liveKeys) await storage.putBytes(key, 'live media');
    await db
      .update(videos)
      .set({ masterPlaylistKey: liveKeys[0], posterKey: liveKeys[1] })
      .where(eq(videos.id, live.id));
    const recording = join(work, 'recording.mp4');
    copyFileSync(first, recording);
    const swapped = nextEvent((event) => event.type === 'published' && event.videoId === live.id);
    expect(await startReplayProcessing(ctx, { videoId: live.id, sourcePath: recording })).toBe(
      true,
    );
    await swapped;
    const [after] = await db.select().from(videos).where(eq(videos.id, live.id));
    expect(after!.masterPlaylistKey!.startsWith(`videos/${live.id}/`)).toBe(true);
    expect(after!.spritesVttKey).not.toBeNull();
    // The live's segments stay while the pages playing them follow the full replay, then go.
    expect((await storage.list(`live/${live.id}/`)).length).toBe(liveKeys.length);
    await expect
      .poll(async () => (await storage.list(`live/${live.id}/`)).length, { timeout: 20_000 })
      .toBe(0);
    await expect
      .poll(
        async () =>
          (await db.select().from(notifications).where(eq(notifications.userId, owner.id))).some(
            (row) => row.targetPath === `/video/${live.id}` && row.detail.includes('Its replay'),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('never removes replaced files the video plays from again by the time their removal runs', async () => {
    const { db } = handle;
    const video = await createVideo(db, { ownerId: owner.id, title: 'Back to its old file' });
    const [older, newer] = ['v1', 'v2'].map((version) => `videos/${video.id}/${version}/`);
    for (const prefix of [older!, newer!])
      await storage.putBytes(`${prefix}master.m3u8`, '#EXTM3U');
    // A decision undone meanwhile: the video plays from the folder queued for removal.
    await db
      .update(videos)
      .set({ mediaPrefix: older, masterPlaylistKey: `${older}master.m3u8` })
      .where(eq(videos.id, video.id));
    await removeOldMedia(ctx, { videoId: video.id, prefixes: [older!, newer!] });
    expect(await storage.list(older!)).toHaveLength(1);
    expect(await storage.list(newer!)).toEqual([]);
  });
});
