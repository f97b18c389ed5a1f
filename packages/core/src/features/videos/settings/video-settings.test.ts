import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { listVideos } from '../../discovery/browse/browse.service';
import { notifications, publishedCounts, subscriptions, videos } from '../../../platform/db/schema';
import { transcodeDeadLetterJob, transcodeVideoJob } from '../../../platform/jobs/job-definitions';
import { JobQueue } from '../../../platform/jobs/job-queue';
import { searchVideos } from '../../discovery/search/search.service';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { publishProcessedVideo } from '../processing/video-processing.service';
import { InProcessEvents } from '../../../platform/events/processing-events';
import { getWatchPage } from '../watch/watch.service';
import { videoSettingsEndpoint } from './video-settings.endpoints';
import { publishDueVideos, publishScheduledJob } from './visibility.service';

const handle = await createTestDatabase();
const { db } = handle;
const root = mkdtempSync(join(tmpdir(), 'cutroom-video-settings-'));
const storage = new LocalStorage({ root, publicBaseUrl: '/media' });
const queue = await JobQueue.start(handle, [
  transcodeDeadLetterJob,
  transcodeVideoJob,
  publishScheduledJob,
]);
const events = new InProcessEvents();
const media = {
  storage,
  queue,
  events,
  uploads: { find: async () => null, remove: async () => {} },
};
afterAll(async () => {
  await queue.stop({ graceful: false });
  rmSync(root, { recursive: true, force: true });
});

type Actor = Awaited<ReturnType<typeof createUser>>['actor'];
const call = (actor: Actor | null, body: object) =>
  dispatch(videoSettingsEndpoint, body, { ...createTestContext(db, { actor }), media });

const rowOf = async (id: string) => (await db.select().from(videos).where(eq(videos.id, id)))[0]!;
const allCount = async () =>
  (
    await db
      .select({ count: publishedCounts.count })
      .from(publishedCounts)
      .where(and(eq(publishedCounts.kind, 'all'), eq(publishedCounts.name, '')))
  )[0]?.count ?? 0;
/** A visitor's call, on the system clock. */
const visitor = { db, actor: null, now: () => new Date() };
const listedIds = async () =>
  (await listVideos(visitor, { pageSize: 500 })).data.map((video) => video.id);
/** Whether `actor` may open the video's page (false: the 401 of docs/videos.md). */
const opens = async (id: string, actor: Actor | null) =>
  getWatchPage({ db, actor, now: () => new Date() }, id).then(
    () => true,
    (error: { kind?: string }) => {
      expect(error.kind).toBe('unauthenticated');
      return false;
    },
  );

describe('visibility', () => {
  it('unlisted: out of listings, search and counts; opens by its link; public again lists it', async () => {
    const { user, actor } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id, title: 'Quokka sunrise' });
    const before = await allCount();
    expect(await listedIds()).toContain(video.id);

    const result = await call(actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'unlisted',
    });
    expect(result.status).toBe(200);
    expect(result.body.video).toMatchObject({ visibility: 'unlisted', status: 'hidden' });
    expect(await listedIds()).not.toContain(video.id);
    const found = await searchVideos(visitor, { query: 'quokka' });
    expect(found.data.map((v) => v.id)).not.toContain(video.id);
    expect(await allCount()).toBe(before - 1);
    expect(await opens(video.id, null)).toBe(true);

    await call(actor, { mode: 'SetVisibility', _id: video.id, visibility: 'public' });
    expect((await rowOf(video.id)).status).toBe('published');
    expect(await listedIds()).toContain(video.id);
    expect(await allCount()).toBe(before);
  });

  it('private: refused to visitors and strangers, open to the people picked and staff', async () => {
    const owner = await createUser(db);
    const friend = await createUser(db);
    const stranger = await createUser(db);
    const moderator = await createUser(db, { role: 'moderator' });
    const video = await createVideo(db, { ownerId: owner.user.id });

    const unknown = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'private',
      viewers: ['nobody_here_at_all'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('viewers: There is no member called "nobody_here_at_all"');

    const result = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'private',
      viewers: [friend.user.username.toUpperCase()],
    });
    expect(result.status).toBe(200);
    expect(result.body.video).toMatchObject({
      visibility: 'private',
      viewers: [friend.user.username],
    });
    expect(await listedIds()).not.toContain(video.id);
    expect(await opens(video.id, null)).toBe(false);
    expect(await opens(video.id, stranger.actor)).toBe(false);
    expect(await opens(video.id, friend.actor)).toBe(true);
    expect(await opens(video.id, owner.actor)).toBe(true);
    expect(await opens(video.id, moderator.actor)).toBe(true);

    // Only its owner (or staff) sets it.
    const taken = await call(stranger.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'public',
    });
    expect(taken.status).toBe(403);
    expect((await rowOf(video.id)).visibility).toBe('private');
    const byStaff = await call(moderator.actor, { mode: 'get', _id: video.id });
    expect(byStaff.status).toBe(200);
  });

  it('scheduled: hidden until its time, then published, listed and announced to subscribers', async () => {
    const owner = await createUser(db);
    const subscriber = await createUser(db);
    await db
      .insert(subscriptions)
      .values({ subscriberId: subscriber.user.id, channelId: owner.user.id });
    const video = await createVideo(db, { ownerId: owner.user.id });
    const past = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'public',
      publishAt: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('publishAt: must be in the future');
    const bad = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'public',
      publishAt: 'tomorrow',
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/^publishAt: /);

    const at = new Date(Date.now() + 3600_000);
    const result = await call(owner.actor, {
      mode: 'SetVisibility',
      _id: video.id,
      visibility: 'public',
      publishAt: at.toISOString(),
    });
    expect(result.status).toBe(200);
    expect(result.body.video).toMatchObject({ status: 'hidden', publishAt: at.toISOString() });
    expect(await listedIds()).not.toContain(video.id);
    expect(await opens(video.id, subscriber.actor)).toBe(false);

    // Before its time the publisher leaves it; at its time it goes out.
    expect(
      await publishDueVideos({ db, events, queue, now: () => new Date(at.getTime() - 1000) }),
    ).toEqual([]);
    expect(await publishDueVideos({ db, events, queue, now: () => at })).toEqual([video.id]);
    const row = await rowOf(video.id);
    expect(row).toMatchObject({ status: 'published', publishAt: null, publishedAt: at });
    expect(await listedIds()).toContain(video.id);
    const told = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, subscriber.user.id));
    expect(told.map((n) => [n.kind, n.targetPath])).toEqual([['new_video', `/video/${video.id}`]]);
  });

  it('a video processed while unlisted comes out hidden, and only its owner hears of it', async () => {
    const owner = await createUser(db);
    const subscriber = await createUser(db);
    await db
      .insert(subscriptions)
      .values({ subscriberId: subscriber.user.id, channelId: owner.user.id });
    const video = await createVideo(db, {
      ownerId: owner.user.id,
      status: 'processing',
      visibility: 'unlisted',
    });
    const published = await publishProcessedVideo(
      { db, storage, queue, events, now: () => new Date() },
      {
        videoId: video.id,
        mediaPrefix: `videos/${video.id}/vabc/`,
        masterPlaylistKey: `videos/${video.id}/vabc/hls/master.m3u8`,
        posterKey: `videos/${video.id}/vabc/poster.jpg`,
        posterWebpKey: null,
        spritesVttKey: null,
        av1Key: null,
        frameKeys: [`videos/${video.id}/vabc/frames/frame-1.jpg`],
        durationSeconds: 10,
        width: 160,
        height: 90,
        aspectRatio: 16 / 9,
        topQuality: 90,
      },
    );
    expect(published).toBe('published');
    const row = await rowOf(video.id);
    expect(row.status).toBe('hidden');
    expect(row.frameKeys).toEqual([`videos/${video.id}/vabc/frames/frame-1.jpg`]);
    expect(await listedIds()).not.toContain(video.id);
    const toSubscriber = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, subscriber.user.id));
    expect(toSubscriber).toEqual([]);
    const toOwner = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(toOwner.map((n) => n.kind)).toEqual(['video_processed']);
  });
});

describe('thumbnails and subtitles', () => {
  const work = join(root, 'work');
  let owner: Awaited<ReturnType<typeof createUser>>;
  let videoId = '';
  const prefix = () => `videos/${videoId}/vtest1/`;

  beforeAll(async () => {
    owner = await createUser(db);
    execFileSync('mkdir', ['-p', work]);
    const video = await createVideo(db, { ownerId: owner.user.id });
    videoId = video.id;
    const frameKeys: string[] = [];
    for (const [index, colour] of ['red', 'blue'].entries()) {
      const file = join(work, `frame-${index}.jpg`);
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
        ...['-i', `color=c=${colour}:s=320x180`, '-frames:v', '1', file],
      ]);
      const key = `${prefix()}frames/frame-${index + 1}.jpg`;
      await storage.putBytes(key, readFileSync(file), { contentType: 'image/jpeg' });
      frameKeys.push(key);
    }
    await db
      .update(videos)
      .set({
        mediaPrefix: prefix(),
        masterPlaylistKey: `${prefix()}hls/master.m3u8`,
        posterKey: `${prefix()}poster.jpg`,
        frameKeys,
      })
      .where(eq(videos.id, videoId));
  });

  it('picks a frame as the poster under a new key, then an uploaded picture; refuses others', async () => {
    const settings = await call(owner.actor, { mode: 'get', _id: videoId });
    expect(settings.body.video).toMatchObject({
      frames: [`/media/${prefix()}frames/frame-1.jpg`, `/media/${prefix()}frames/frame-2.jpg`],
      posterUrl: `/media/${prefix()}poster.jpg`,
    });

    const picked = await call(owner.actor, { mode: 'ChooseFrame', _id: videoId, frame: 1 });
    expect(picked.status).toBe(200);
    const first = await rowOf(videoId);
    expect(first.posterKey).toMatch(new RegExp(`^${prefix()}poster-[a-f0-9]+\\.jpg$`));
    expect(first.posterWebpKey).toMatch(/poster-[a-f0-9]+\.webp$/);
    // The poster is the blue frame picked: its average colour is blue.
    const [red, , blue] = execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-i', join(root, first.posterKey!)],
      ...['-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ]);
    expect(blue! - red!).toBeGreaterThan(150);

    const png = join(work, 'poster.png');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=size=2000x1000', '-frames:v', '1', png],
    ]);
    const uploaded = await call(owner.actor, {
      mode: 'UploadPoster',
      _id: videoId,
      image: `data:image/png;base64,${readFileSync(png).toString('base64')}`,
    });
    expect(uploaded.status).toBe(200);
    const second = await rowOf(videoId);
    expect(second.posterKey).not.toBe(first.posterKey);
    // The previous chosen poster is gone; the one processing made stays.
    expect(await storage.stat(first.posterKey!)).toBeNull();

    const notImage = await call(owner.actor, {
      mode: 'UploadPoster',
      _id: videoId,
      image: Buffer.from('<svg onload="alert(1)"/>').toString('base64'),
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error).toBe('image: must be a JPEG, PNG or WebP picture');
    const noFrame = await call(owner.actor, { mode: 'ChooseFrame', _id: videoId, frame: 7 });
    expect(noFrame.status).toBe(400);
    expect(noFrame.body.error).toBe('frame: this video has no such frame');
    const stranger = await createUser(db);
    const refused = await call(stranger.actor, { mode: 'ChooseFrame', _id: videoId, frame: 0 });
    expect(refused.status).toBe(403);
    expect((await rowOf(videoId)).posterKey).toBe(second.posterKey);
  });

  it('stores an SRT as WebVTT with plain-text cues, lists it, replaces and deletes it', async () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:03,500',
      'Hello <i>there</i> <script>alert(1)</script>',
      '',
      '2',
      '00:00:04,000 --> 00:00:05,000',
      '<font color="red">Second</font> line & more',
      '',
    ].join('\r\n');
    const added = await call(owner.actor, {
      mode: 'AddSubtitles',
      _id: videoId,
      language: 'en',
      label: 'English',
      file: srt,
    });
    expect(added.status).toBe(200);
    const tracks = added.body.video as { subtitles: { language: string; url: string }[] };
    expect(tracks.subtitles).toHaveLength(1);
    const key = tracks.subtitles[0]!.url.replace('/media/', '');
    expect(key.startsWith(`${prefix()}subtitles/en-`)).toBe(true);
    const { body } = await storage.getStream(key);
    let vtt = '';
    for await (const chunk of body) vtt += String(chunk);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello there alert(1)\n\n00:00:04.000 --> 00:00:05.000\nSecond line & more\n',
    );

    const badFile = await call(owner.actor, {
      mode: 'AddSubtitles',
      _id: videoId,
      language: 'fr',
      label: 'Français',
      file: 'just some words',
    });
    expect(badFile.status).toBe(400);
    expect(String(badFile.body.error)).toMatch(/^file: holds no subtitle/);
    const badLanguage = await call(owner.actor, {
      mode: 'AddSubtitles',
      _id: videoId,
      language: 'english!',
      label: 'English',
      file: srt,
    });
    expect(badLanguage.status).toBe(400);
    expect(String(badLanguage.body.error)).toMatch(/^language: /);

    // Again in the same language: replaced, the old file removed.
    await call(owner.actor, {
      mode: 'AddSubtitles',
      _id: videoId,
      language: 'en',
      label: 'English (CC)',
      file: 'WEBVTT\n\n00:01.000 --> 00:02.000\nReplaced\n',
    });
    const after = await call(owner.actor, { mode: 'get', _id: videoId });
    const list = (after.body.video as { subtitles: { label: string }[] }).subtitles;
    expect(list.map((t) => t.label)).toEqual(['English (CC)']);
    expect(await storage.stat(key)).toBeNull();

    const deleted = await call(owner.actor, {
      mode: 'DeleteSubtitles',
      _id: videoId,
      language: 'en',
    });
    expect(deleted.status).toBe(200);
    expect((deleted.body.video as { subtitles: unknown[] }).subtitles).toEqual([]);
    const again = await call(owner.actor, {
      mode: 'DeleteSubtitles',
      _id: videoId,
      language: 'en',
    });
    expect(again.status).toBe(404);
  });
});
