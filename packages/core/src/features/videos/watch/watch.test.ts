import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';
import { videos, videoViewers, watchHistory } from '../../../platform/db/schema';
import { actorOf, createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { countViewEndpoint } from './watch.endpoints';
import {
  countView,
  getWatchPage,
  parseVideoParam,
  pruneViewMarks,
  visitorKey,
} from './watch.service';
import { VIDEO_INACCESSIBLE_MESSAGE, VIDEO_MISSING_MESSAGE } from '../../../access/video-rules';

const { db } = await createTestDatabase();
const secret = 'a-view-secret-for-the-tests-of-this-file';

const viewsOf = async (id: string) =>
  (await db.select({ views: videos.views }).from(videos).where(eq(videos.id, id)))[0]!.views;

describe('parseVideoParam', () => {
  it('takes the id after the last underscore', () => {
    expect(parseVideoParam('my_great_video_abc123XYZ')).toEqual({
      slug: 'my_great_video',
      id: 'abc123XYZ',
    });
    expect(parseVideoParam('abc123XYZ')).toEqual({ slug: '', id: 'abc123XYZ' });
    expect(parseVideoParam('bad_id!')).toBeNull();
    expect(parseVideoParam('x_ab')).toBeNull();
  });
});

describe('getWatchPage', () => {
  it('shows a published video with its uploader and labels', async () => {
    const { user } = await createUser(db, { username: 'maker' });
    const video = await createVideo(db, {
      ownerId: user.id,
      labels: { tag: ['b', 'a'], star: ['S'] },
    });
    const page = await getWatchPage({ db, actor: null, now: () => new Date() }, video.id);
    expect(page.uploader.username).toBe('maker');
    expect(page.labels).toEqual({ tag: ['a', 'b'], music: [], star: ['S'], creator: [] });
    expect(page.canManage).toBe(false);
  });

  it("answers 'This video doesn't exist' for a missing id", async () => {
    await expect(
      getWatchPage({ db, actor: null, now: () => new Date() }, 'nothere123'),
    ).rejects.toMatchObject({
      kind: 'not_found',
      message: VIDEO_MISSING_MESSAGE,
    });
  });

  it('hides an unpublished video from everyone but its owner and admins', async () => {
    const { user: owner, actor: ownerActor } = await createUser(db);
    const { actor: stranger } = await createUser(db);
    const { actor: admin } = await createUser(db, { role: 'admin' });
    const video = await createVideo(db, { ownerId: owner.id, status: 'unpublished_admin' });
    for (const viewer of [null, stranger]) {
      await expect(
        getWatchPage({ db, actor: viewer, now: () => new Date() }, video.id),
      ).rejects.toMatchObject({
        status: 401,
        message: VIDEO_INACCESSIBLE_MESSAGE,
      });
    }
    expect(
      (await getWatchPage({ db, actor: ownerActor, now: () => new Date() }, video.id)).canManage,
    ).toBe(true);
    expect(
      (await getWatchPage({ db, actor: admin, now: () => new Date() }, video.id)).canManage,
    ).toBe(true);
  });
});

describe('countView', () => {
  it('counts a member once a day and adds the video to their history', async () => {
    const { user } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id, views: 0 });
    const actor = actorOf(user);
    const day1 = new Date('2026-05-01T10:00:00Z');
    const view = (now: Date) =>
      countView({ db, actor, now: () => now }, { videoId: video.id, ip: '1.1.1.1', secret });
    expect(await view(day1)).toBe('counted');
    expect(await view(new Date('2026-05-01T20:00:00Z'))).toBe('repeat');
    expect(await view(new Date('2026-05-02T08:00:00Z'))).toBe('counted');
    expect(await viewsOf(video.id)).toBe(2);
    const history = await db.select().from(watchHistory).where(eq(watchHistory.userId, user.id));
    expect(history.map((row) => row.videoId)).toEqual([video.id]);
  });

  it('tells visitors apart by connection', async () => {
    const { user } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id, views: 0 });
    const now = new Date('2026-05-01T10:00:00Z');
    const view = (ip: string) =>
      countView({ db, actor: null, now: () => now }, { videoId: video.id, ip, secret });
    expect(await view('10.0.0.1')).toBe('counted');
    expect(await view('10.0.0.1')).toBe('repeat');
    expect(await view('10.0.0.2')).toBe('counted');
    expect(await viewsOf(video.id)).toBe(2);
    await pruneViewMarks({ db, now: () => new Date('2026-05-04T00:00:00Z') });
    expect(await view('10.0.0.1')).toBe('counted');
  });

  it("keys a visitor by a hash of the address and day keyed with the site's secret", async () => {
    const key = visitorKey(secret, '10.0.0.1', '2026-05-01');
    expect(key).toMatch(/^v:[A-Za-z0-9_-]{22}$/);
    expect(visitorKey(secret, '10.0.0.1', '2026-05-01')).toBe(key);
    // Without the secret the key cannot be made again (nor guessed from the address).
    expect(visitorKey(`${secret}-other`, '10.0.0.1', '2026-05-01')).not.toBe(key);
    expect(visitorKey(secret, '10.0.0.1', '2026-05-02')).not.toBe(key);
    expect(visitorKey(secret, '10.0.0.2', '2026-05-01')).not.toBe(key);
    expect(key).not.toContain('10.0.0.1');
  });

  it('does not count a private video for those it is not shared with', async () => {
    const { user: owner } = await createUser(db);
    const { user: picked } = await createUser(db);
    const { user: stranger } = await createUser(db);
    const video = await createVideo(db, {
      ownerId: owner.id,
      status: 'hidden',
      visibility: 'private',
      views: 0,
    });
    await db.insert(videoViewers).values({ videoId: video.id, userId: picked.id });
    const view = (actor: ReturnType<typeof actorOf> | null) =>
      countView(
        { db, actor, now: () => new Date() },
        { videoId: video.id, ip: '10.0.0.9', secret },
      );
    expect(await view(null)).toBe('refused');
    expect(await view(actorOf(stranger))).toBe('refused');
    expect(await viewsOf(video.id)).toBe(0);
    expect(await view(actorOf(picked))).toBe('counted');
    expect(await viewsOf(video.id)).toBe(1);
  });

  it('does not count unpublished, private or missing videos; the API answers 404 for them', async () => {
    const { context } = await createAuthHarness(db);
    const { user } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id, status: 'processing' });
    expect((await dispatch(countViewEndpoint, { videoId: video.id }, context)).status).toBe(404);
    const unpublished = await createVideo(db, {
      ownerId: user.id,
      status: 'unpublished_admin',
      views: 0,
    });
    const hidden = await createVideo(db, {
      ownerId: user.id,
      status: 'hidden',
      visibility: 'private',
      views: 0,
    });
    for (const target of [unpublished, hidden]) {
      const answer = await dispatch(countViewEndpoint, { videoId: target.id }, context);
      expect(answer.status).toBe(404);
      expect(await viewsOf(target.id)).toBe(0);
    }
    expect((await dispatch(countViewEndpoint, { videoId: hidden.id }, context)).body.error).toBe(
      VIDEO_INACCESSIBLE_MESSAGE,
    );
    const published = await createVideo(db, { ownerId: user.id, views: 0 });
    const counted = await dispatch(countViewEndpoint, { videoId: published.id }, context);
    expect(counted).toMatchObject({ status: 200, body: { counted: true } });
    expect(
      (await dispatch(countViewEndpoint, { videoId: 'missing1234' }, context)).body.error,
    ).toBe(VIDEO_MISSING_MESSAGE);
    expect((await dispatch(countViewEndpoint, { videoId: '../etc' }, context)).status).toBe(400);
  });
});

describe('oEmbed', () => {
  it('recognises this site’s video pages only', async () => {
    const { videoIdFromPageUrl } = await import('./oembed');
    const site = { origins: ['https://videos.example'] };
    expect(videoIdFromPageUrl('https://videos.example/video/nice-one_abc123XYZ', site)).toBe(
      'abc123XYZ',
    );
    expect(videoIdFromPageUrl('https://videos.example/video/embed/abc123XYZ', site)).toBe(
      'abc123XYZ',
    );
    expect(videoIdFromPageUrl('https://elsewhere.example/video/x_abc123XYZ', site)).toBeNull();
    expect(videoIdFromPageUrl('not a url', site)).toBeNull();
    // Another name of the same site: the host the consumer asked on.
    const reached = { ...site, requestHost: 'cutroom.lan:8080' };
    expect(videoIdFromPageUrl('http://cutroom.lan:8080/video/x_abc123XYZ', reached)).toBe(
      'abc123XYZ',
    );
    expect(videoIdFromPageUrl('http://cutroom.lan/video/x_abc123XYZ', reached)).toBeNull();
    expect(videoIdFromPageUrl('https://elsewhere.example/video/x_abc123XYZ', reached)).toBeNull();
  });

  it('fits the frame in the consumer’s bounds and escapes the title', async () => {
    const { buildOembed, embedSize } = await import('./oembed');
    expect(embedSize(16 / 9, {})).toEqual({ width: 640, height: 360 });
    expect(embedSize(16 / 9, { maxwidth: 320 })).toEqual({ width: 320, height: 180 });
    expect(embedSize(16 / 9, { maxheight: 90 })).toEqual({ width: 160, height: 90 });
    const { user } = await createUser(db, { username: 'oembedder' });
    const video = await createVideo(db, { ownerId: user.id, title: 'A "quoted" <title>' });
    const answer = buildOembed(video, user, {
      url: '',
      publicUrl: 'https://videos.example',
      siteName: 'Cutroom',
      posterUrl: '/media/p.jpg',
    });
    expect(answer).toMatchObject({ version: '1.0', type: 'video', author_name: 'oembedder' });
    expect(answer.html).toContain('title="A &quot;quoted&quot; &lt;title&gt;"');
    expect(answer.thumbnail_url).toBe('https://videos.example/media/p.jpg');
  });

  it('offers the share menu’s sizes and its iframe, at the page address’s start time', async () => {
    const { buildOembed, embedSize, embedCode, EMBED_SIZES } = await import('./oembed');
    expect(EMBED_SIZES.map(({ width, height }) => `${width}x${height}`)).toEqual([
      '560x315',
      '640x360',
      '853x480',
      '1280x720',
    ]);
    expect(embedSize(16 / 9, { maxwidth: 900 })).toEqual({ width: 853, height: 480 });
    expect(embedSize(16 / 9, { maxwidth: 5000, maxheight: 5000 })).toEqual({
      width: 1280,
      height: 720,
    });
    expect(embedSize(16 / 9, { maxwidth: 700, maxheight: 340 })).toEqual({
      width: 560,
      height: 315,
    });
    const { user } = await createUser(db, { username: 'oembedsizes' });
    const video = await createVideo(db, { ownerId: user.id, title: 'Sizes' });
    const answer = buildOembed(video, user, {
      url: `https://videos.example/video/sizes_${video.id}?t=1m23s`,
      maxwidth: 1000,
      publicUrl: 'https://videos.example',
      siteName: 'Cutroom',
      posterUrl: null,
    });
    expect(answer).toMatchObject({ width: 853, height: 480 });
    expect(answer.html).toBe(
      embedCode({
        embedUrl: `https://videos.example/video/embed/${video.id}?t=83`,
        title: 'Sizes',
        width: 853,
        height: 480,
      }),
    );
  });

  it('reads a start time as other video sites write it, and nothing else', async () => {
    const { parseStartTime, startTimeOfUrl } = await import('./embed-code');
    expect(parseStartTime('83')).toBe(83);
    expect(parseStartTime('83s')).toBe(83);
    expect(parseStartTime('1m23s')).toBe(83);
    expect(parseStartTime('1h0m5s')).toBe(3605);
    for (const bad of [null, '', '0', '-5', 'abc', '1.5', '12x', '9'.repeat(40), 'h']) {
      expect(parseStartTime(bad)).toBeNull();
    }
    expect(startTimeOfUrl('https://videos.example/video/x_abc?t=42')).toBe(42);
    expect(startTimeOfUrl('not a url')).toBeNull();
  });
});
