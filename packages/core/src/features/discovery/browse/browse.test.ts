import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, subscriptions, type Category } from '../../../platform/db/schema';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { createVideo } from '../../../../test-support/video-factory';
import {
  COUNT_CAP,
  DEFAULT_FILTERS,
  VideoFilters,
  filtersToSearchParams,
  parseFiltersFromSearchParams,
  type VideoFiltersInput,
} from './browse.schema';
import {
  countCapped,
  countFiltered,
  countKeyOf,
  filterConditions,
  listNewestVideos,
  listVideos,
} from './browse.service';

const { db } = await createTestDatabase();
const NOW = new Date('2026-06-15T12:00:00Z');
/** A visitor's call at NOW. */
const visitor = { db, actor: null, now: () => NOW };
const DAY = 86_400_000;

/** The seeded set, as plain facts the oracle below filters on. */
interface Seeded {
  id: string;
  owner: string;
  category: Category;
  isExplicit: boolean;
  isSameSex: boolean;
  isTrans: boolean;
  hasSeizureWarning: boolean;
  minutes: number;
  ageDays: number;
  topQuality: number;
  aspectRatio: number;
  views: number;
  tags: string[];
  music: string[];
  stars: string[];
  creators: string[];
}

const TAGS = ['dance', 'edm', 'anime', 'retro'];
const MUSIC = ['Daft Punk', 'Lorde'];
const STARS = ['Star One', 'Star Two', 'Star Three'];
const CREATORS = ['studio-a', 'studio-b'];
const QUALITIES = [480, 720, 1080, 2160];
const ASPECTS = [16 / 9, 9 / 16, 1, 4 / 3];
const AGES = [0.5, 3, 20, 200, 800];

/** Deterministic variety: every filter value is hit by several videos and missed by others. */
function seedFacts(count: number): Seeded[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `vid${String(i).padStart(3, '0')}`,
    owner: i % 3 === 0 ? 'alice' : 'bob',
    category: CATEGORIES[i % CATEGORIES.length]!,
    isExplicit: i % 2 === 0,
    isSameSex: i % 5 === 1,
    isTrans: i % 7 === 2,
    hasSeizureWarning: i % 4 === 3,
    minutes: [1, 4, 9, 15, 25, 45][i % 6]!,
    ageDays: AGES[i % AGES.length]! + i / 100,
    topQuality: QUALITIES[i % QUALITIES.length]!,
    aspectRatio: ASPECTS[(i * 7) % ASPECTS.length]!,
    views: (i * 37) % 101,
    tags: TAGS.filter((_, t) => (i + t) % (t + 2) === 0),
    music: MUSIC.filter((_, m) => i % (m + 3) === 0),
    stars: STARS.filter((_, s) => (i >> s) % 2 === 1),
    creators: CREATORS.filter((_, c) => i % 2 === c),
  }));
}

const facts = seedFacts(72);
let ownerIds: Record<string, string> = {};

beforeAll(async () => {
  const { user: alice } = await createUser(db, { username: 'alice' });
  const { user: bob } = await createUser(db, { username: 'bob' });
  ownerIds = { alice: alice.id, bob: bob.id };
  for (const fact of facts) {
    await createVideo(db, {
      id: fact.id,
      ownerId: ownerIds[fact.owner]!,
      title: `Video ${fact.id}`,
      category: fact.category,
      isExplicit: fact.isExplicit,
      isSameSex: fact.isSameSex,
      isTrans: fact.isTrans,
      hasSeizureWarning: fact.hasSeizureWarning,
      durationSeconds: fact.minutes * 60,
      publishedAt: new Date(NOW.getTime() - fact.ageDays * DAY),
      topQuality: fact.topQuality,
      aspectRatio: fact.aspectRatio,
      views: fact.views,
      labels: { tag: fact.tags, music: fact.music, star: fact.stars, creator: fact.creators },
    });
  }
  // Never listed: not published.
  await createVideo(db, { id: 'hidden1', ownerId: alice.id, status: 'processing' });
  await createVideo(db, { id: 'hidden2', ownerId: alice.id, status: 'unpublished_admin' });
  await createVideo(db, { id: 'hidden3', ownerId: bob.id, status: 'failed' });
});

/** The reference implementation of the filters, over the seeded facts. */
function oracle(filters: VideoFilters, owner?: string): string[] {
  const flag = (mode: string, value: boolean) =>
    mode === 'any' || (mode === 'only' ? value : !value);
  const windows = { all: Infinity, day: 1, week: 7, month: 30, year: 365 };
  const matching = facts.filter(
    (v) =>
      (filters.category === 'all' || v.category === filters.category) &&
      flag(filters.explicit, v.isExplicit) &&
      flag(filters.sameSex, v.isSameSex) &&
      flag(filters.trans, v.isTrans) &&
      flag(filters.seizureWarning, v.hasSeizureWarning) &&
      filters.tags.every((t) => v.tags.includes(t)) &&
      filters.music.every((m) => v.music.includes(m)) &&
      filters.stars.every((s) => v.stars.includes(s)) &&
      filters.creators.every((c) => v.creators.includes(c)) &&
      v.minutes >= filters.range[0] &&
      (filters.range[1] === 40 || v.minutes <= filters.range[1]) &&
      v.ageDays <= windows[filters.time] &&
      (filters.quality === 'any' || v.topQuality >= Number(filters.quality)) &&
      (filters.aspect === 'any' ||
        (filters.aspect === 'landscape' && v.aspectRatio > 1.1) ||
        (filters.aspect === 'portrait' && v.aspectRatio < 0.9) ||
        (filters.aspect === 'square' && v.aspectRatio >= 0.9 && v.aspectRatio <= 1.1)) &&
      (!owner || v.owner === owner),
  );
  const sorted =
    filters.view === 'popular'
      ? matching.sort((a, b) => b.views - a.views || (a.id < b.id ? 1 : -1))
      : matching.sort((a, b) => a.ageDays - b.ageDays);
  return sorted.map((v) => v.id);
}

async function listAll(filters: VideoFilters, owner?: string) {
  const ids: string[] = [];
  let count = -1;
  for (let index = 0; index < 20; index++) {
    const page = await listVideos(visitor, { filters, index, pageSize: 7, profile: owner });
    ids.push(...page.data.map((video) => video.id));
    if (index === 0) count = page.count;
    if (!page.hasMore) break;
  }
  return { ids, count };
}

const single: [string, VideoFiltersInput][] = [
  ['defaults', {}],
  ...CATEGORIES.map((category): [string, VideoFiltersInput] => [
    `category ${category}`,
    { category },
  ]),
  ['explicit only', { explicit: 'only' }],
  ['explicit hidden', { explicit: 'hide' }],
  ['same-sex only', { sameSex: 'only' }],
  ['same-sex hidden', { sameSex: 'hide' }],
  ['trans only', { trans: 'only' }],
  ['trans hidden', { trans: 'hide' }],
  ['seizure warning only', { seizureWarning: 'only' }],
  ['seizure warning hidden', { seizureWarning: 'hide' }],
  ['one tag', { tags: ['dance'] }],
  ['two tags (both required)', { tags: ['dance', 'edm'] }],
  ['unknown tag', { tags: ['nothing-has-this'] }],
  ['music', { music: ['Lorde'] }],
  ['star', { stars: ['Star Two'] }],
  ['two stars', { stars: ['Star One', 'Star Three'] }],
  ['creator', { creators: ['studio-b'] }],
  ['range short', { range: [0, 5] }],
  ['range middle', { range: [5, 20] }],
  ['range 40 and more', { range: [40, 40] }],
  ['range 20 and more', { range: [20, 40] }],
  ['time day', { time: 'day' }],
  ['time week', { time: 'week' }],
  ['time month', { time: 'month' }],
  ['time year', { time: 'year' }],
  ['quality 720', { quality: '720' }],
  ['quality 1080', { quality: '1080' }],
  ['quality 2160', { quality: '2160' }],
  ['landscape', { aspect: 'landscape' }],
  ['portrait', { aspect: 'portrait' }],
  ['square', { aspect: 'square' }],
  ['popular', { view: 'popular' }],
];

const combinations: [string, VideoFiltersInput][] = [
  ['category + explicit + popular', { category: 'pmv', explicit: 'only', view: 'popular' }],
  ['tag + range + time', { tags: ['dance'], range: [0, 10], time: 'year' }],
  ['star + creator + quality', { stars: ['Star One'], creators: ['studio-b'], quality: '1080' }],
  [
    'hide everything flagged',
    { explicit: 'hide', sameSex: 'hide', trans: 'hide', seizureWarning: 'hide' },
  ],
  ['category + aspect + music', { category: 'hmv', aspect: 'landscape', music: ['Daft Punk'] }],
  [
    'everything at once',
    {
      category: 'pmv',
      explicit: 'only',
      tags: ['dance'],
      range: [1, 40],
      time: 'year',
      quality: '720',
      aspect: 'landscape',
      view: 'popular',
    },
  ],
  // Labels with a category or required flags: answered from label_keys alone.
  [
    'category + two tags + trans hidden + popular',
    { category: 'hmv', tags: ['dance', 'anime'], trans: 'hide', view: 'popular' },
  ],
  [
    'category + tag + explicit only + same-sex hidden',
    { category: 'pmv', tags: ['dance'], explicit: 'only', sameSex: 'hide' },
  ],
  [
    'star + seizure warning only + explicit only',
    { stars: ['Star One'], seizureWarning: 'only', explicit: 'only' },
  ],
  [
    'tag + music + popular + week',
    { tags: ['edm'], music: ['Lorde'], view: 'popular', time: 'month' },
  ],
];

describe('listVideos filters', () => {
  it.each([...single, ...combinations])('%s matches the reference', async (_, input) => {
    const filters = VideoFilters.parse(input);
    const expected = oracle(filters);
    const { ids, count } = await listAll(filters);
    expect(ids).toEqual(expected);
    expect(count).toBe(expected.length);
  });

  it('exercises non-trivial sets (the oracle is not vacuous)', () => {
    const sizes = [...single, ...combinations].map(
      ([, input]) => oracle(VideoFilters.parse(input)).length,
    );
    expect(sizes.filter((n) => n > 0 && n < facts.length).length).toBeGreaterThan(30);
    expect(oracle(VideoFilters.parse({ tags: ['nothing-has-this'] }))).toEqual([]);
    expect(oracle(DEFAULT_FILTERS)).toHaveLength(facts.length);
  });

  it('limits to one profile, case-insensitively', async () => {
    const { ids } = await listAll(VideoFilters.parse({ explicit: 'only' }), 'ALICE');
    expect(ids).toEqual(oracle(VideoFilters.parse({ explicit: 'only' }), 'alice'));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('pages without overlap and says whether more follow', async () => {
    const first = await listVideos(visitor, { pageSize: 24, index: 0 });
    const second = await listVideos(visitor, { pageSize: 24, index: 1 });
    const last = await listVideos(visitor, { pageSize: 24, index: 2 });
    const beyond = await listVideos(visitor, { pageSize: 24, index: 5 });
    expect(first.hasMore && second.hasMore && !last.hasMore).toBe(true);
    expect(new Set([...first.data, ...second.data, ...last.data].map((v) => v.id)).size).toBe(72);
    expect(beyond.data).toEqual([]);
    expect(first.count).toBe(72);
    expect(beyond.count).toBe(72);
  });

  it('summarises each video for its card', async () => {
    const { data } = await listVideos(visitor, { pageSize: 1 });
    expect(data[0]).toMatchObject({
      id: 'vid000',
      slug: 'video-vid000',
      title: 'Video vid000',
      uploader: 'alice',
      category: 'pmv',
      durationSeconds: 60,
    });
    expect(typeof data[0]!.publishedAt).toBe('string');
  });

  it('keeps listNewestVideos for simple callers', async () => {
    const newest = await listNewestVideos(db, { limit: 3 });
    expect(newest.map((v) => v.id)).toEqual(oracle(DEFAULT_FILTERS).slice(0, 3));
  });

  it('shows a signed-in viewer only the channels they subscribe to', async () => {
    const { user: fan, actor } = await createUser(db, { username: 'fan' });
    const filters = VideoFilters.parse({ subscriptions: true, view: 'popular' });
    const none = await listVideos({ ...visitor, actor }, { filters, pageSize: 100 });
    expect(none).toMatchObject({ data: [], count: 0 });
    await db.insert(subscriptions).values({ subscriberId: fan.id, channelId: ownerIds.alice! });
    const { ids } = await (async () => {
      const page = await listVideos({ ...visitor, actor }, { filters, pageSize: 100 });
      return { ids: page.data.map((video) => video.id) };
    })();
    expect(ids).toEqual(oracle(VideoFilters.parse({ view: 'popular' }), 'alice'));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('refuses the subscriptions filter to a visitor', async () => {
    await expect(
      listVideos(visitor, { filters: VideoFilters.parse({ subscriptions: true }), pageSize: 24 }),
    ).rejects.toThrow('Sign in to see videos from your subscriptions');
  });
});

describe('counts', () => {
  it('reads unfiltered, category and single-label counts from the counts table', () => {
    expect(countKeyOf(DEFAULT_FILTERS)).toEqual({ kind: 'all', name: '' });
    expect(countKeyOf(VideoFilters.parse({ category: 'hmv', view: 'popular' }))).toEqual({
      kind: 'category',
      name: 'hmv',
    });
    expect(countKeyOf(VideoFilters.parse({ stars: ['Star One'] }))).toEqual({
      kind: 'star',
      name: 'Star One',
    });
    expect(countKeyOf(VideoFilters.parse({ stars: ['Star One'], category: 'hmv' }))).toBeNull();
    expect(countKeyOf(VideoFilters.parse({ explicit: 'only' }))).toBeNull();
  });

  it('estimates a large filtered count, and caps an exact one at COUNT_CAP', async () => {
    const { user: owner } = await createUser(db, { username: 'bulk' });
    for (let start = 0; start < COUNT_CAP + 5; start += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, COUNT_CAP + 5 - start) }, (_, i) =>
          createVideo(db, {
            id: `bulk${start + i}`,
            ownerId: owner.id,
            isTrans: true,
            topQuality: 4320,
            publishedAt: new Date(NOW.getTime() - 5000 * DAY),
          }),
        ),
      );
    }
    await db.execute(sql`analyze videos`);
    // 1,005 bulk videos and 18 seeded ones are 4K: the planner expects over COUNT_CAP.
    const filters = VideoFilters.parse({ quality: '2160' });
    const page = await listVideos(visitor, { filters, pageSize: 24 });
    expect(page).toMatchObject({ countIsEstimate: true, hasMore: true });
    expect(page.count).toBeGreaterThan(COUNT_CAP * 0.8);
    expect(page.count).toBeLessThan(COUNT_CAP * 1.3);
    const conditions = filterConditions(filters, { now: NOW, viewerId: null });
    expect(await countCapped(db, conditions)).toEqual({ count: COUNT_CAP, countIsCapped: true });
    const few = filterConditions(VideoFilters.parse({ stars: ['Star Two'] }), {
      now: NOW,
      viewerId: null,
    });
    expect(await countFiltered(db, few)).toEqual({
      count: oracle(VideoFilters.parse({ stars: ['Star Two'] })).length,
      countIsCapped: false,
    });
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters = VideoFilters.parse(combinations.at(-2)![1]);
    const params = Object.fromEntries(filtersToSearchParams(filters));
    expect(parseFiltersFromSearchParams(params)).toEqual({ filters, error: null });
    const everything = VideoFilters.parse(combinations[5]![1]);
    const query = Object.fromEntries(filtersToSearchParams(everything));
    expect(parseFiltersFromSearchParams(query).filters).toEqual(everything);
  });

  it('reads the bounds and every field a plain form submits', () => {
    const { filters, error } = parseFiltersFromSearchParams({
      category: 'all',
      view: 'newest',
      explicit: 'any',
      tags: '',
      rangeMin: '5',
      rangeMax: '40',
      time: 'all',
    });
    expect(error).toBeNull();
    expect(filters).toEqual({ ...DEFAULT_FILTERS, range: [5, 40] });
  });

  it('leaves defaults out of the URL', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(
      filtersToSearchParams(VideoFilters.parse({ tags: ['a', 'b'], range: [5, 40] })).toString(),
    ).toBe('tags=a%2Cb&range=5-40');
  });

  it.each([
    [{ category: 'cats' }, /^category: Unknown category "cats"; expected one of all, pmv/],
    [{ range: '50-60' }, /^range\.0: range bounds are at most 40/],
    [{ range: '20-5' }, /^range: the lower bound must not exceed the upper bound/],
    [{ range: 'long' }, /^range: /],
    [{ view: 'oldest' }, /^view: Unknown view "oldest"/],
    [{ explicit: 'yes' }, /^explicit: Unknown flag mode "yes"/],
  ])('reports %j and falls back to the defaults', (params, message) => {
    const { filters, error } = parseFiltersFromSearchParams(params);
    expect(filters).toEqual(DEFAULT_FILTERS);
    expect(error).toMatch(message);
  });
});
