import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import {
  clearWatchHistory,
  listWatchHistory,
  recordView,
  removeFromWatchHistory,
} from '../../library/history/history.service';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { createVideo } from '../../../../test-support/video-factory';
import {
  listArchiveMonth,
  listDiscoverVideos,
  listRecommendedVideos,
  listTrendingVideos,
  pickRandomVideo,
} from './listings.service';

const { db } = await createTestDatabase();
const NOW = new Date('2026-06-15T12:00:00Z');
const { user: owner } = await createUser(db, { username: 'maker' });
const { user: viewer, actor: viewerActor } = await createUser(db, { username: 'viewer' });
/** A visitor's call at NOW, and at another time. */
const visitor = { db, actor: null, now: () => NOW };
const at = (time: Date) => ({ ...visitor, now: () => time });
/** The viewer's call, on the system clock. */
const byViewer = { db, actor: viewerActor, now: () => new Date() };

describe('with no videos', () => {
  it('random finds none, trending and discover are empty', async () => {
    expect(await pickRandomVideo(db)).toBeNull();
    expect(await listTrendingVideos(visitor)).toMatchObject({ data: [], count: 0 });
    expect(await listDiscoverVideos(visitor, { seed: 'x' })).toMatchObject({ data: [], count: 0 });
  });
});

describe('listings', () => {
  it('trending weighs recent views over older ones and ignores views older than a week', async () => {
    for (const id of ['old', 'recent', 'steady', 'ancient']) {
      await createVideo(db, { id, ownerId: owner.id, title: id });
    }
    const view = async (videoId: string, daysAgo: number, times: number) => {
      for (let i = 0; i < times; i++) {
        await recordView(at(new Date(NOW.getTime() - daysAgo * 86_400_000)), videoId);
      }
    };
    await view('old', 5, 10); // 10 × 0.6^5 ≈ 0.78
    await view('recent', 0, 3); // 3
    await view('steady', 1, 4); // 2.4
    await view('ancient', 9, 50); // outside the window
    const page = await listTrendingVideos(visitor);
    expect(page.data.map((v) => v.id)).toEqual(['recent', 'steady', 'old']);
    expect(page.count).toBe(3);
    expect(page.data[0]!.views).toBe(3);
  });

  it('random goes to a published video', async () => {
    await createVideo(db, { id: 'draft', ownerId: owner.id, status: 'processing' });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add((await pickRandomVideo(db))!.id);
    expect([...seen].every((id) => ['old', 'recent', 'steady', 'ancient'].includes(id))).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('discover pages a seeded shuffle without repeats and leaves out what the viewer watched', async () => {
    for (let i = 0; i < 20; i++) await createVideo(db, { id: `d${i}`, ownerId: owner.id });
    const first = await listDiscoverVideos(visitor, { seed: 'abc', pageSize: 10 });
    const second = await listDiscoverVideos(visitor, { seed: 'abc', pageSize: 10, index: 1 });
    const third = await listDiscoverVideos(visitor, { seed: 'abc', pageSize: 10, index: 2 });
    const all = [...first.data, ...second.data, ...third.data].map((v) => v.id);
    expect(new Set(all).size).toBe(24);
    expect(third.hasMore).toBe(false);
    expect((await listDiscoverVideos(visitor, { seed: 'abc', pageSize: 10 })).data).toEqual(
      first.data,
    );
    const other = await listDiscoverVideos(visitor, { seed: 'xyz', pageSize: 10 });
    expect(other.data.map((v) => v.id)).not.toEqual(first.data.map((v) => v.id));

    await recordView(byViewer, first.data[0]!.id);
    const forViewer = await listDiscoverVideos(byViewer, { seed: 'abc', pageSize: 30 });
    expect(forViewer.data.map((v) => v.id)).not.toContain(first.data[0]!.id);
    expect(forViewer.data).toHaveLength(23);
  });

  it('archive lists one month, newest first', async () => {
    await createVideo(db, {
      id: 'jan1',
      ownerId: owner.id,
      publishedAt: new Date('2025-01-03T00:00:00Z'),
    });
    await createVideo(db, {
      id: 'jan2',
      ownerId: owner.id,
      publishedAt: new Date('2025-01-30T23:59:00Z'),
    });
    await createVideo(db, {
      id: 'feb1',
      ownerId: owner.id,
      publishedAt: new Date('2025-02-01T00:00:00Z'),
    });
    const january = await listArchiveMonth(db, { month: '2025-01' });
    expect(january.data.map((v) => v.id)).toEqual(['jan2', 'jan1']);
    expect(january.count).toBe(2);
  });
});

describe('recommendations', () => {
  it('prefers shared labels, then the same category, then views, and never the video itself', async () => {
    const base = { ownerId: owner.id };
    await createVideo(db, {
      ...base,
      id: 'me',
      category: 'pmv',
      labels: { tag: ['a', 'b'], star: ['s'] },
    });
    await createVideo(db, {
      ...base,
      id: 'three',
      category: 'hmv',
      views: 1,
      labels: { tag: ['a', 'b'], star: ['s'] },
    });
    await createVideo(db, {
      ...base,
      id: 'one-same-cat',
      category: 'pmv',
      views: 5,
      labels: { tag: ['a'] },
    });
    await createVideo(db, {
      ...base,
      id: 'one-popular',
      category: 'hmv',
      views: 900,
      labels: { tag: ['b'] },
    });
    await createVideo(db, {
      ...base,
      id: 'one-hidden',
      category: 'pmv',
      status: 'unpublished_admin',
      labels: { tag: ['a'] },
    });
    await createVideo(db, { ...base, id: 'cat-only', category: 'pmv', views: 50 });
    const picked = await listRecommendedVideos(db, 'me', { limit: 5 });
    expect(picked.map((v) => v.id)).toEqual([
      'three',
      'one-same-cat',
      'one-popular',
      'cat-only',
      expect.any(String),
    ]);
    expect(picked.map((v) => v.id)).not.toContain('me');
    expect(picked.map((v) => v.id)).not.toContain('one-hidden');
    expect(await listRecommendedVideos(db, 'no-such-video')).toEqual([]);
  });
});

describe('watch history', () => {
  it('lists newest first, moves a rewatched video to the top, forgets on request', async () => {
    const t = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    await clearWatchHistory(db, viewer.id);
    await recordView({ ...byViewer, now: () => t(1) }, 'jan1');
    await recordView({ ...byViewer, now: () => t(2) }, 'jan2');
    await recordView({ ...byViewer, now: () => t(3) }, 'feb1');
    await recordView({ ...byViewer, now: () => t(4) }, 'jan1');
    expect(await recordView(byViewer, 'draft')).toBe(false);
    const page = await listWatchHistory(db, viewer.id, { pageSize: 2 });
    expect(page.data.map((v) => v.id)).toEqual(['jan1', 'feb1']);
    expect(page).toMatchObject({ count: 3, hasMore: true });
    expect(page.data[0]!.watchedAt).toBe(t(4).toISOString());
    expect(await removeFromWatchHistory(db, viewer.id, 'feb1')).toBe(true);
    expect((await listWatchHistory(db, viewer.id)).data.map((v) => v.id)).toEqual(['jan1', 'jan2']);
    expect((await listWatchHistory(db, owner.id)).data).toEqual([]);
    expect(await clearWatchHistory(db, viewer.id)).toBe(2);
    expect((await listWatchHistory(db, viewer.id)).count).toBe(0);
  });
});

describe('/api/v2/search', () => {
  const endpoint = findEndpoint('/api/v2/search')!;
  const context = createTestContext(db);

  it('answers each mode with data and count, 18 a page', async () => {
    await createVideo(db, {
      ownerId: owner.id,
      id: 'kbj',
      category: 'koreanbj',
      labels: { star: ['Mina'] },
    });
    await createVideo(db, { ownerId: owner.id, id: 'tt', category: 'tiktok' });
    const ask = (body: object) => dispatch(endpoint, body, context);
    const first = (result: { body: Record<string, unknown> }) =>
      (result.body.data as { _id: string }[]).map((v) => v._id);
    expect(first(await ask({ mode: 'KoreanBJ' }))).toEqual(['kbj']);
    expect(first(await ask({ mode: 'Tiktok', index: 0 }))).toEqual(['tt']);
    expect((await ask({ mode: 'Other' })).body.count).toBeGreaterThan(18);
    const newest = await ask({ mode: 'Newest', index: 1 });
    expect(newest.body).toMatchObject({ index: 1, pageSize: 18 });
    expect(first(await ask({ mode: 'SearchStar', star: 'Mina' }))).toEqual(['kbj']);
    expect(first(await ask({ mode: 'RecommendedVideo', videoId: 'me' }))).toContain('three');
  });

  it.each([
    [{ mode: 'Popular' }, /KoreanBJ/],
    [{ mode: 'SearchStar' }, 'star: star is required'],
    [{ mode: 'Newest', index: 'two' }, 'index: index is a page number'],
    [{ mode: 'Newest', index: 5000 }, 'index: index is at most 999'],
  ])('answers 400 for %j', async (body, message) => {
    const result = await dispatch(endpoint, body, context);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
  });
});
