import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import { VideoFilters } from '../browse/browse.schema';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { createVideo } from '../../../../test-support/video-factory';
import { RANK_BOUND, oneEditAway, searchVideos, tokenizeQuery } from './search.service';

const { db } = await createTestDatabase();
/** A visitor's call, on the system clock (no filter here has a time window). */
const visitor = { db, actor: null, now: () => new Date() };
const { user: owner } = await createUser(db, { username: 'maker' });

await createVideo(db, {
  id: 'title1',
  ownerId: owner.id,
  title: 'Midnight Dance Compilation',
  views: 10,
  category: 'pmv',
});
await createVideo(db, {
  id: 'desc1',
  ownerId: owner.id,
  title: 'Something else',
  description: 'A long night of dancing and more',
  views: 500,
  category: 'hmv',
});
await createVideo(db, {
  id: 'label1',
  ownerId: owner.id,
  title: 'Untitled mix',
  views: 50,
  isExplicit: true,
  labels: { tag: ['dance'], star: ['Aurora Borealis'] },
});
await createVideo(db, {
  id: 'other1',
  ownerId: owner.id,
  title: 'Cooking pasta at home',
  views: 9999,
});
await createVideo(db, {
  id: 'hidden1',
  ownerId: owner.id,
  title: 'Dance that is not published',
  status: 'unpublished_user',
});

const ids = (page: { data: { id: string }[] }) => page.data.map((video) => video.id);

describe('searchVideos', () => {
  it('finds a word in titles, labels and descriptions, title matches first', async () => {
    const page = await searchVideos(visitor, { query: 'dance' });
    expect(ids(page)).toEqual(['title1', 'label1', 'desc1']);
    expect(page).toMatchObject({ count: 3, countIsCapped: false, correctedQuery: null });
  });

  it('never shows unpublished videos', async () => {
    expect(ids(await searchVideos(visitor, { query: 'published' }))).toEqual([]);
  });

  it('needs every word', async () => {
    expect(ids(await searchVideos(visitor, { query: 'midnight dance' }))).toEqual(['title1']);
    expect(ids(await searchVideos(visitor, { query: 'midnight pasta' }))).toEqual([]);
  });

  it('tolerates a typo by correcting against the dictionary of words and labels', async () => {
    const page = await searchVideos(visitor, { query: 'midnigt' });
    expect(ids(page)).toEqual(['title1']);
    expect(page.correctedQuery).toBe('midnight');
    expect(ids(await searchVideos(visitor, { query: 'aurora borelis' }))).toEqual(['label1']);
    expect(ids(await searchVideos(visitor, { query: 'xqzvw' }))).toEqual([]);
  });

  it('corrects a typo in each word on its own, and names the query it searched', async () => {
    const page = await searchVideos(visitor, { query: 'midnigt compilaton' });
    expect(ids(page)).toEqual(['title1']);
    expect(page.correctedQuery).toBe('midnight compilation');
    // Swapped letters in short words, which trigrams alone miss.
    const swapped = await searchVideos(visitor, { query: 'dnace compilatoin' });
    expect(ids(swapped)).toEqual(['title1']);
    expect(swapped.correctedQuery).toBe('dance compilation');
    expect(ids(await searchVideos(visitor, { query: 'midnigt dnace compilaton' }))).toEqual([
      'title1',
    ]);
  });

  it('takes the closest combination of corrections that finds a video', async () => {
    const { user } = await createUser(db, { username: 'harbours' });
    await createVideo(db, { id: 'harbour1', ownerId: user.id, title: 'Harbour lights' });
    for (const n of [1, 2, 3]) {
      await createVideo(db, { id: `harbor${n}`, ownerId: user.id, title: `Harbor cruise ${n}` });
    }
    // "harbor" is one edit from "harbr" and in more titles, but never beside "lights".
    const page = await searchVideos(visitor, { query: 'harbr lihgts' });
    expect(ids(page)).toEqual(['harbour1']);
    expect(page.correctedQuery).toBe('harbour lights');
    expect((await searchVideos(visitor, { query: 'harbr cruse' })).correctedQuery).toBe(
      'harbor cruise',
    );
  });

  it('corrects a word that is another real word when the query as typed finds nothing', async () => {
    const { user } = await createUser(db, { username: 'drivers' });
    await createVideo(db, { id: 'drive1', ownerId: user.id, title: 'Mountain drive at dusk' });
    await createVideo(db, { id: 'dart1', ownerId: user.id, title: 'Dive bar darts' });
    const page = await searchVideos(visitor, { query: 'mountain dive' });
    expect(ids(page)).toEqual(['drive1']);
    expect(page.correctedQuery).toBe('mountain drive');
    const asTyped = await searchVideos(visitor, { query: 'dive bar' });
    expect(ids(asTyped)).toEqual(['dart1']);
    expect(asTyped.correctedQuery).toBeNull();
  });

  it('lists the words one edit away', () => {
    const edits = oneEditAway('tset');
    expect(edits).toEqual(expect.arrayContaining(['test', 'set', 'tsets', 'tsat']));
    expect(edits).not.toContain('tset');
    expect(new Set(edits).size).toBe(edits.length);
  });

  it('applies the dashboard filters', async () => {
    const filters = VideoFilters.parse({ explicit: 'hide' });
    expect(ids(await searchVideos(visitor, { query: 'dance', filters }))).toEqual([
      'title1',
      'desc1',
    ]);
    const hmv = VideoFilters.parse({ category: 'hmv' });
    expect(ids(await searchVideos(visitor, { query: 'dance', filters: hmv }))).toEqual(['desc1']);
  });

  it('answers an empty page for no words or only stop words', async () => {
    expect(await searchVideos(visitor, { query: '  !! ' })).toMatchObject({ data: [], count: 0 });
    expect(await searchVideos(visitor, { query: 'the' })).toMatchObject({ data: [], count: 0 });
  });

  it('splits queries into at most 8 distinct lowercase words', () => {
    expect(tokenizeQuery('Dance, DANCE! ünïcode 2024')).toEqual(['dance', 'ünïcode', '2024']);
    expect(tokenizeQuery('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('ranking bound', () => {
  it('ranks the most popular matches by relevance and goes on by popularity past the bound', async () => {
    const { user: bulk } = await createUser(db, { username: 'bulk' });
    const total = 1100;
    for (let start = 0; start < total; start += 200) {
      await Promise.all(
        Array.from({ length: Math.min(200, total - start) }, (_, i) => {
          const n = start + i;
          // Every 10th has the word in the title (more relevant); views fall with n.
          return createVideo(db, {
            id: `z${String(n).padStart(5, '0')}`,
            ownerId: bulk.id,
            title: n % 10 === 0 ? 'zebra stripes' : `plain ${n}`,
            description: n % 10 === 0 ? '' : 'a zebra appears',
            views: 100_000 - n,
          });
        }),
      );
    }
    await db.execute(sql`analyze videos`);
    const first = await searchVideos(visitor, { query: 'zebra', pageSize: 18 });
    expect(first.data.slice(0, 3).map((v) => v.id)).toEqual(['z00000', 'z00010', 'z00020']);
    // Title matches among the 200 most viewed come first: 20 of them, then the rest.
    const ranked = [];
    for (let index = 0; index * 18 < RANK_BOUND; index++) {
      ranked.push(...(await searchVideos(visitor, { query: 'zebra', pageSize: 18, index })).data);
    }
    const inBound = ranked.slice(0, RANK_BOUND).map((v) => v.id);
    expect(inBound.slice(0, 20).every((id) => Number(id.slice(1)) % 10 === 0)).toBe(true);
    expect(new Set(inBound).size).toBe(RANK_BOUND);
    expect(inBound.every((id) => Number(id.slice(1)) < RANK_BOUND)).toBe(true);
    // The page that crosses the bound: ranked tail, then the next most popular.
    const boundaryIndex = Math.floor(RANK_BOUND / 18);
    const crossing = await searchVideos(visitor, {
      query: 'zebra',
      pageSize: 18,
      index: boundaryIndex,
    });
    const after = crossing.data.slice(RANK_BOUND - boundaryIndex * 18).map((v) => v.id);
    expect(after.length).toBeGreaterThan(0);
    expect(after).toEqual(
      Array.from({ length: after.length }, (_, i) => `z${String(RANK_BOUND + i).padStart(5, '0')}`),
    );
    // More than COUNT_CAP matches: the planner's estimate, flagged as one.
    expect(first.countIsEstimate).toBe(true);
    expect(first.count).toBeGreaterThan(900);
    expect(first.count).toBeLessThan(1300);
    const last = await searchVideos(visitor, {
      query: 'zebra',
      pageSize: 18,
      index: Math.floor(total / 18),
    });
    expect(last).toMatchObject({ hasMore: false, count: total });
  });
});

describe('/api/getmorevideos', () => {
  const endpoint = findEndpoint('/api/getmorevideos')!;
  const context = createTestContext(db);

  it('answers a search page with data and count', async () => {
    const result = await dispatch(endpoint, { query: 'midnight', index: 0 }, context);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ count: 1, pageSize: 18, hasMore: false });
    // Listed videos carry `_id` (docs/api.md), and only that name.
    const data = result.body.data as { _id: string }[];
    expect(data.map((v) => v._id)).toEqual(['title1']);
    expect(data[0]).not.toHaveProperty('id');
  });

  it('names the corrected query in the answer', async () => {
    const result = await dispatch(endpoint, { query: 'midnigt compilaton', index: 0 }, context);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ correctedQuery: 'midnight compilation', count: 1 });
  });

  it('answers a dashboard page (24) for filters and a profile', async () => {
    const result = await dispatch(
      endpoint,
      { filters: { category: 'pmv' }, index: 0, profile: 'maker' },
      context,
    );
    expect(result.body).toMatchObject({ count: 1, pageSize: 24 });
  });

  it.each([
    [
      { filters: { category: 'cats' } },
      'filters.category: Unknown category "cats"; expected one of all, pmv, hmv, hypno, tiktok, koreanbj, other',
    ],
    [{ index: -1 }, 'index: index is at least 0'],
    [{ index: 1.5 }, 'index: index is a whole number'],
    [
      { filters: { range: [10, 5] } },
      'filters.range: the lower bound must not exceed the upper bound',
    ],
    [{ filters: { tags: 'dance' } }, /^filters\.tags: /],
    [{ filters: { colour: 'red' } }, 'filters: has fields this call does not take: colour'],
    [{ filters: { subscriptions: true } }, 'Sign in to see videos from your subscriptions'],
  ])('refuses %j with a clear message', async (body, message) => {
    const result = await dispatch(endpoint, body, context);
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.body.error).toMatch(message);
  });
});
