/**
 * npm run bench:browse — browsing and search at 1,000,000 videos on the PostgreSQL server.
 *
 * Builds (once; reused while the generator version matches) a database of 1M videos with
 * skewed label, view and word distributions, then prints p50/p95/p99 of the listing, search
 * and metadata calls, first straight through the service functions with no cache, then over
 * HTTP against the production server, and the throughput of / and a video page, served to
 * visitors from the page cache and rendered (the cache bypassed), beside a plain Node HTTP
 * server sending the same bytes.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cutroom_bench) names the
 * database; BENCH_VIDEOS the size; BENCH_REBUILD=1 forces a rebuild; BENCH_HTTP=0 skips the
 * server part (which needs `npm run build` first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createRequire } from 'node:module';
import { freePort } from '@cutroom/core/test-support/free-port';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dispatch } from '@cutroom/core/kernel/dispatch';
import {
  VideoFilters,
  type VideoFiltersInput,
} from '@cutroom/core/features/discovery/browse/browse.schema';
import { listVideos } from '@cutroom/core/features/discovery/browse/browse.service';
import { getMoreVideosEndpoint } from '@cutroom/core/features/discovery/search/more-videos.endpoints';
import {
  listDiscoverVideos,
  listRecommendedVideos,
  listTrendingVideos,
  pickRandomVideo,
} from '@cutroom/core/features/discovery/browse/listings.service';
import { Listings, MemoryListingCache } from '@cutroom/core/platform/cache/listing-cache';
import { loadConfig } from '@cutroom/core/platform/config/config';
import { openDatabase } from '@cutroom/core/platform/db/client';
import { migrateDatabase } from '@cutroom/core/platform/db/migrate';
import { createLogger } from '@cutroom/core/platform/logging/logger';
import {
  getMetadataLists,
  getTopTags,
  listLabelCounts,
  rebuildPublishedCounts,
} from '@cutroom/core/features/videos/metadata/metadata.service';
import { searchVideos } from '@cutroom/core/features/discovery/search/search.service';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cutroom_bench';
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
/** Bump when the generated data changes shape, so an old build is not reused. */
const GENERATOR_VERSION = 3;
const TARGET_LISTING_MS = 25;
const TARGET_SEARCH_MS = 50;

// ---------------------------------------------------------------------------------------------
// Vocabulary: a few hundred real words first (the frequent ones), then made-up ones.

const COMMON_WORDS = (
  'dance music mix compilation edit party night summer love remix best hot live video session ' +
  'tribute cover club beat girls boys dream neon city rain fire ocean star light dark red blue ' +
  'gold silver velvet midnight sunset morning tokyo seoul paris berlin retro synth bass drop ' +
  'slow fast loop trance hypnotic spiral glitch vapor chill lofi anime idol kpop jpop cosplay ' +
  'fitness yoga workout beach pool studio stage concert festival tour rehearsal backstage ' +
  'highlights montage trailer teaser story chapter episode part final special extended cut'
).split(' ');
const SYLLABLES = 'ka ri mo to na su le vi po ra shi ne ko ma lu ze da fi go ha'.split(' ');

function vocabulary(size: number): string[] {
  const words = [...COMMON_WORDS];
  for (let i = 0; words.length < size; i++) {
    const a = SYLLABLES[i % SYLLABLES.length]!;
    const b = SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]!;
    const c = SYLLABLES[Math.floor(i / SYLLABLES.length ** 2) % SYLLABLES.length]!;
    words.push(`${a}${b}${c}${i >= SYLLABLES.length ** 3 ? i : ''}`);
  }
  return words.slice(0, size);
}

const WORDS = vocabulary(5000);
const FIRST_NAMES = vocabulary(600)
  .slice(300, 400)
  .map((w) => w[0]!.toUpperCase() + w.slice(1));
const LAST_NAMES = vocabulary(700)
  .slice(600, 650)
  .map((w) => w[0]!.toUpperCase() + w.slice(1));
const STARS = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));

// ---------------------------------------------------------------------------------------------
// Building the data set

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

async function isBuilt(client: pg.PoolClient): Promise<boolean> {
  await client.query(
    'create table if not exists bench_build (version int not null, videos int not null, built_at timestamptz not null default now())',
  );
  const { rows } = await client.query<{ version: number; videos: number }>(
    'select version, videos from bench_build order by built_at desc limit 1',
  );
  return rows[0]?.version === GENERATOR_VERSION && rows[0]?.videos === VIDEOS;
}

async function step(label: string, work: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  process.stdout.write(`  ${label} ...`);
  await work();
  console.log(` ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

async function buildDataSet(pool: pg.Pool, db: Parameters<typeof rebuildPublishedCounts>[0]) {
  const client = await pool.connect();
  try {
    if (process.env.BENCH_REBUILD !== '1' && (await isBuilt(client))) {
      console.log(`Reusing the ${VIDEOS.toLocaleString('en')}-video data set in ${DATABASE_URL}`);
      return;
    }
    console.log(`Building ${VIDEOS.toLocaleString('en')} videos in ${DATABASE_URL}:`);
    const started = performance.now();
    // Triggers and foreign keys off for the bulk load; counts and dictionary are built after.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set work_mem = '256MB'`);
    await step('emptying', () =>
      client.query(
        'truncate watch_history, video_daily_views, video_labels, published_counts, search_terms, videos, users cascade',
      ),
    );
    // Secondary indexes are dropped for the load and rebuilt after; their definitions are kept
    // in a table first, so a run that stops half-way still restores them on the next run.
    await client.query(
      'create table if not exists bench_index_defs (name text primary key, def text not null)',
    );
    await client.query(`
      insert into bench_index_defs (name, def)
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('videos', 'video_labels')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      on conflict (name) do nothing`);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      'select name, def from bench_index_defs order by name',
    );
    await step(`dropping ${indexes.length} secondary indexes for the load`, async () => {
      for (const index of indexes) await client.query(`drop index if exists "${index.name}"`);
    });
    await step('20,000 users', () =>
      client.query(`
        insert into users (id, username, email, created_at)
        select 'u' || g, 'user' || g, 'user' || g || '@example.com', now() - interval '4 years' * random()
        from generate_series(1, 20000) g`),
    );
    await step('video ids', async () => {
      await client.query(`drop table if exists gen_ids`);
      await client.query(
        `
        create unlogged table gen_ids as
        select g as n, left(translate(encode(substring(sha256(('v' || g)::bytea) from 1 for 9), 'base64'), '+/', 'xZ'), 11) as id
        from generate_series(1, $1::int) g`,
        [VIDEOS],
      );
      await client.query(`alter table gen_ids add primary key (n)`);
    });
    await step('labels (tags, music, stars, creators)', async () => {
      await client.query(`drop table if exists gen_labels`);
      // Skewed picks: power(random(), k) favours the first names of each list.
      await client.query(
        `
        create unlogged table gen_labels as
        select distinct n, kind, name from (
          select g.n, 'tag'::label_kind as kind, ($1::text[])[1 + floor(2000 * power(random(), 2.5))::int] as name
          from gen_ids g cross join lateral generate_series(1, floor(random() * 7)::int + (g.n % 1) * 0) k
          union all
          select g.n, 'music', 'Artist ' || (1 + floor(20000 * power(random(), 3))::int)
          from gen_ids g where random() < 0.4
          union all
          select g.n, 'star', ($2::text[])[1 + floor($3::int * power(random(), 2))::int]
          from gen_ids g cross join lateral generate_series(1, floor(random() * random() * 4)::int + (g.n % 1) * 0) k
          union all
          select g.n, 'creator', 'creator_' || (1 + floor(10000 * power(random(), 2))::int)
          from gen_ids g where random() < 0.6
        ) picks where name is not null`,
        [WORDS, STARS, STARS.length],
      );
      await client.query(`
        create unlogged table if not exists gen_label_text as
        select n, string_agg(name, ' ' order by kind, name) as label_text,
          array_agg(kind::text || ':' || name order by kind, name) as label_keys
        from gen_labels group by n`);
    });
    await step('videos (titles, descriptions, flags, durations, views, dates)', () =>
      client.query(
        `
        insert into videos (id, owner_id, title, slug, description, category, is_explicit,
          is_same_sex, is_trans, has_seizure_warning, status, duration_seconds, width, height,
          top_quality, aspect_ratio, views, upvotes, downvotes, created_at, updated_at,
          published_at, label_text, label_keys)
        select g.id, 'u' || (1 + floor(20000 * power(random(), 3))::int), t.title,
          lower(replace(t.title, ' ', '-')), t.description,
          f.category, f.is_explicit, f.is_same_sex, f.is_trans, f.has_seizure_warning,
          case when random() < 0.95 then 'published' else
            (array['processing','unpublished_user','unpublished_admin','failed'])[1 + floor(random() * 4)::int] end::video_status,
          30 + 3000 * power(random(), 3), q.w, q.h, q.top, q.w::real / q.h,
          v.views, (v.views * 0.03 * random())::int, (v.views * 0.004 * random())::int,
          p.at, p.at, p.at, coalesce(lt.label_text, ''),
          -- What the videos_filter_keys trigger (off for the load) would add.
          coalesce(lt.label_keys, '{}') || cutroom_filter_keys(f.category, f.is_explicit,
            f.is_same_sex, f.is_trans, f.has_seizure_warning)
        from gen_ids g
        left join gen_label_text lt on lt.n = g.n
        cross join lateral (
          select (array['pmv','pmv','pmv','pmv','pmv','pmv','pmv','hmv','hmv','hmv','hmv','hypno','hypno',
                 'tiktok','tiktok','tiktok','koreanbj','koreanbj','other','other'])[1 + floor(random() * 20)::int + (g.n % 1)]::category as category,
            random() + (g.n % 1) < 0.6 as is_explicit, random() < 0.1 as is_same_sex,
            random() < 0.05 as is_trans, random() < 0.08 as has_seizure_warning) f
        cross join lateral (select now() - interval '3 years' * random() + (g.n % 1) * interval '0' as at) p
        cross join lateral (select floor(2000000 * power(random(), 8))::int + (g.n % 1) as views) v
        cross join lateral (
          select (array[2160,1440,1080,1080,1080,1080,1080,1080,1080,1080,1080,1080,720,720,720,720,720,720,480,480])[1 + floor(random() * 20)::int + (g.n % 1)] as q,
                 random() + (g.n % 1) as shape) qs
        cross join lateral (
          select qs.q as top,
                 case when qs.shape < 0.8 then qs.q * 16 / 9 else qs.q end as w,
                 case when qs.shape >= 0.8 and qs.shape < 0.95 then qs.q * 16 / 9 else qs.q end as h) q
        cross join lateral (
          select w1 || ' ' || w2 || ' ' || w3 || ' ' || w4 || case when random() < 0.5 then ' ' || w5 else '' end as title,
                 w5 || ' ' || w6 || ' ' || w2 || ' ' || w7 as description
          from (select
            ($1::text[])[1 + floor(5000 * power(random(), 3))::int + (g.n % 1)] as w1,
            ($1::text[])[1 + floor(5000 * power(random(), 3))::int + (g.n % 1)] as w2,
            ($1::text[])[1 + floor(5000 * power(random(), 3))::int + (g.n % 1)] as w3,
            ($1::text[])[1 + floor(5000 * power(random(), 3))::int + (g.n % 1)] as w4,
            ($1::text[])[1 + floor(5000 * power(random(), 3))::int + (g.n % 1)] as w5,
            ($1::text[])[1 + floor(5000 * power(random(), 2))::int + (g.n % 1)] as w6,
            ($1::text[])[1 + floor(5000 * power(random(), 2))::int + (g.n % 1)] as w7) words
        ) t`,
        [WORDS],
      ),
    );
    await step('video_labels', () =>
      client.query(`
        insert into video_labels (video_id, kind, name)
        select g.id, l.kind, l.name from gen_labels l join gen_ids g on g.n = l.n`),
    );
    await step(`recreating ${indexes.length} indexes`, async () => {
      for (const index of indexes) {
        await client.query(index.def);
        await client.query('delete from bench_index_defs where name = $1', [index.name]);
      }
    });
    await step('search dictionary (words of titles and labels)', () =>
      client.query(`
        insert into search_terms (term, frequency)
        select w, count(*) from (
          select regexp_split_to_table(lower(title), '[^[:alnum:]]+') as w from videos where status = 'published'
          union all
          select lower(l.name) from video_labels l
          union all
          select regexp_split_to_table(lower(l.name), '[^[:alnum:]]+') from video_labels l where l.name ~ '[^[:alnum:]]'
        ) words where length(w) between 3 and 64 group by w`),
    );
    await step('published counts', () => rebuildPublishedCounts(db));
    await step('daily views of the last week (trending)', () =>
      client.query(`
        insert into video_daily_views (video_id, day, views)
        select v.id, current_date - d, 1 + floor(v.views * 0.01 * random())::int
        from (select id, views from videos where status = 'published' order by random() limit 50000) v
        cross join generate_series(0, 6) d where random() < 0.6`),
    );
    await client.query(`drop table if exists gen_ids, gen_labels, gen_label_text`);
    await client.query(`set session_replication_role = origin`);
    await step('vacuum analyze', () => client.query('vacuum analyze'));
    await client.query('insert into bench_build (version, videos) values ($1, $2)', [
      GENERATOR_VERSION,
      VIDEOS,
    ]);
    console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.query(`set session_replication_role = origin`).catch(() => undefined);
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Figures {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  target: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(
  name: string,
  target: number,
  work: (i: number) => Promise<unknown>,
  iterations = ITERATIONS,
): Promise<Figures> {
  for (let i = 0; i < 5; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const figures = {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    target,
  };
  console.log(
    `  ${name.padEnd(58)} ${figures.p50.toFixed(1).padStart(7)} ${figures.p95.toFixed(1).padStart(7)} ${figures.p99.toFixed(1).padStart(7)}   ${figures.p95 <= target ? 'ok' : `OVER ${target} ms`}`,
  );
  return figures;
}

const header = (title: string) => {
  console.log(`\n${title}`);
  console.log(
    `  ${'call'.padEnd(58)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}   (ms)`,
  );
};

/** The five dashboard filter combinations measured (getmorevideos bodies). */
const COMBINATIONS: [string, VideoFiltersInput][] = [
  ['defaults (all, newest)', {}],
  ['category pmv, most popular', { category: 'pmv', view: 'popular' }],
  [
    'explicit hidden, 5–20 min, 1080p+, landscape',
    { explicit: 'hide', range: [5, 20], quality: '1080', aspect: 'landscape' },
  ],
  ['tag "dance", this month, newest', { tags: ['dance'], time: 'month' }],
  [
    'hmv, two tags, trans hidden, popular',
    { category: 'hmv', tags: ['dance', 'music'], trans: 'hide', view: 'popular' },
  ],
];

const SEARCHES: [string, string][] = [
  ['common term ("dance", ~25% of titles)', 'dance'],
  ['two common terms ("dance mix")', 'dance mix'],
  ['mid-frequency term', WORDS[120]!],
  ['rare term', WORDS[4200]!],
  ['typo of a mid term', `${WORDS[120]!.slice(0, -1)}x`],
  ['star name', STARS[5]!],
];

async function measureServices(db: Parameters<typeof listVideos>[0]['db']) {
  const log = createLogger({ level: 'silent' });
  const context = {
    config: loadConfig({}),
    db,
    listings: new Listings(new MemoryListingCache({ ttlSeconds: 0 })),
    actor: null,
    log,
    now: () => new Date(),
    ip: '127.0.0.1',
    headers: new Headers(),
  };
  const results: Figures[] = [];
  header('Service calls, no cache (pages 1–10 in turn):');
  for (const [name, filters] of COMBINATIONS) {
    results.push(
      await measure(`getmorevideos: ${name}`, TARGET_LISTING_MS, async (i) => {
        const answer = await dispatch(getMoreVideosEndpoint, { filters, index: i % 10 }, context);
        if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
      }),
    );
  }
  results.push(
    await measure('category page (18, newest, koreanbj)', TARGET_LISTING_MS, (i) =>
      listVideos(context, {
        filters: VideoFilters.parse({ category: 'koreanbj' }),
        index: i % 10,
        pageSize: 18,
      }),
    ),
  );
  for (const [name, query] of SEARCHES) {
    results.push(
      await measure(`search: ${name}`, TARGET_SEARCH_MS, (i) =>
        searchVideos(context, { query, index: i % 3 }),
      ),
    );
  }
  results.push(
    await measure('search page 60 (past the ranking bound)', TARGET_SEARCH_MS, () =>
      searchVideos(context, { query: 'dance', index: 60 }),
    ),
  );
  results.push(await measure('metadata: top 20 tags', TARGET_LISTING_MS, () => getTopTags(db)));
  results.push(
    await measure('metadata: tags list (500 most used)', TARGET_LISTING_MS, () =>
      listLabelCounts(db, 'tags'),
    ),
  );
  results.push(
    await measure('metadata: all four lists + top tags', TARGET_LISTING_MS, () =>
      getMetadataLists(db),
    ),
  );
  results.push(
    await measure('metadata: creators by prefix ("creator_12")', TARGET_LISTING_MS, () =>
      listLabelCounts(db, 'creators', { prefix: 'creator_12', limit: 20 }),
    ),
  );
  const sample = (
    await listVideos(context, { pageSize: 50, filters: VideoFilters.parse({ view: 'popular' }) })
  ).data;
  results.push(
    await measure('recommendations for a video', TARGET_LISTING_MS, (i) =>
      listRecommendedVideos(db, sample[i % sample.length]!.id),
    ),
  );
  results.push(await measure('trending (uncached)', 500, () => listTrendingVideos(context), 20));
  results.push(
    await measure('discover page', TARGET_LISTING_MS, (i) =>
      listDiscoverVideos(context, { seed: `s${i}`, index: i % 5 }),
    ),
  );
  results.push(await measure('random video', TARGET_LISTING_MS, () => pickRandomVideo(db)));
  return results;
}

// ---------------------------------------------------------------------------------------------
// HTTP: the production server

const requireCjs = createRequire(import.meta.url);
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = requireCjs('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

async function startSite(): Promise<{ url: string; process: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cutroom-bench-browse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: new URL('../apps/web', import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      LIVE_RTMP_PORT: '0',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL,
      INPROCESS_WORKER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    try {
      if ((await fetch(`${url}/builds/latest.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, process: child, dataDir };
}

/**
 * A plain Node HTTP server sending `body` for every request, in a process of its own: in this
 * process it would share one thread with autocannon, and the baseline would be too low.
 */
async function plainServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-bench-plain-'));
  const file = join(dir, 'body');
  writeFileSync(file, body);
  const port = await freePort();
  const source = `
    const body = require('node:fs').readFileSync(process.argv[1]);
    require('node:http')
      .createServer((_, response) => {
        response.writeHead(200, { 'content-type': process.argv[2], 'content-length': body.length });
        response.end(body);
      })
      .listen(Number(process.argv[3]), '127.0.0.1', () => process.stdout.write('listening\\n'));`;
  const child = spawn(process.execPath, ['-e', source, file, contentType, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the plain server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function measureHttp(pool: pg.Pool) {
  const site = await startSite();
  try {
    header(
      `HTTP ${site.url} (production server; visitors' answers cached ${process.env.LISTING_CACHE_SECONDS ?? 30} s; pages 1–20 in turn):`,
    );
    for (const [name, filters] of COMBINATIONS) {
      await measure(`POST /api/getmorevideos: ${name}`, TARGET_LISTING_MS, async (i) => {
        const response = await fetch(`${site.url}/api/getmorevideos`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ filters, index: i % 20 }),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        await response.arrayBuffer();
      });
    }
    await measure('POST /api/v2/search (Newest)', TARGET_LISTING_MS, async (i) => {
      const response = await fetch(`${site.url}/api/v2/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'Newest', index: i % 20 }),
      });
      await response.arrayBuffer();
    });
    await measure('POST /api/metadata (all lists)', TARGET_LISTING_MS, async () => {
      const response = await fetch(`${site.url}/api/metadata`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      await response.arrayBuffer();
    });

    const { rows } = await pool.query<{ id: string; slug: string }>(
      `select id, slug from videos where status = 'published' order by views desc limit 1`,
    );
    const videoPath = `/video/${rows[0]!.slug}_${rows[0]!.id}`;
    const videoResponse = await fetch(`${site.url}${videoPath}`);
    const pages: [string, string][] = [['dashboard /', '/']];
    if (videoResponse.ok) pages.push(['video page', videoPath]);
    else {
      console.log(
        `\n  (${videoPath} answers ${videoResponse.status}: the video page is not built yet; measuring /category/pmv in its place)`,
      );
      pages.push(['category page /category/pmv', '/category/pmv']);
    }
    console.log(
      '\nServer-rendered throughput, autocannon, 50 connections, 10 s each. "visitor": served by the page cache;' +
        ' "rendered": a (dummy) session cookie bypasses it, so Next.js renders every request;' +
        ` load average ${load()} on ${cpus().length} cores:`,
    );
    const runs: [string, Record<string, string>][] = [
      ['visitor (page cache)', {}],
      ['rendered (cache bypassed)', { cookie: 'cutroom.session_token=bench' }],
    ];
    for (const [name, path] of pages) {
      const url = `${site.url}${path}`;
      const sample = await fetch(url);
      const body = Buffer.from(await sample.arrayBuffer());
      const plain = await plainServer(body, sample.headers.get('content-type') ?? 'text/html');
      const baseline = await autocannon({ url: plain.url, connections: 50, duration: 10 });
      await plain.stop();
      console.log(
        `  ${name}, ${body.length} bytes; plain Node sending them: ${baseline.requests.average.toFixed(0)} req/s`,
      );
      for (const [run, headers] of runs) {
        const result = await autocannon({ url, connections: 50, duration: 10, headers });
        console.log(
          `    ${run.padEnd(26)} ${result.requests.average.toFixed(0).padStart(7)} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx})` +
            ` | ratio to plain Node 1 : ${(baseline.requests.average / Math.max(1, result.requests.average)).toFixed(1)}`,
        );
        if (!headers.cookie) {
          // The same request as autocannon's (no Accept-Encoding), so the same cache entry.
          const cache = await new Promise((resolve, reject) =>
            httpGet(url, (response) => {
              response.resume();
              resolve(response.headers['x-cache']);
            }).on('error', reject),
          );
          if (cache !== 'hit')
            console.log(`    (a visitor's GET was not a cache hit: x-cache ${cache})`);
        }
      }
    }
  } finally {
    site.process.kill('SIGTERM');
    await new Promise((resolve) => site.process.once('exit', resolve));
    rmSync(site.dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

await ensureDatabase();
const handle = await openDatabase({ url: DATABASE_URL, maxConnections: 4 });
await migrateDatabase(handle);
const pool = handle.client as pg.Pool;
await buildDataSet(pool, handle.db);
const { rows: sizes } = await pool.query<{ videos: string; labels: string; size: string }>(`
  select (select count(*) from videos) as videos, (select count(*) from video_labels) as labels,
    pg_size_pretty(pg_database_size(current_database())) as size`);
console.log(
  `Data set: ${Number(sizes[0]!.videos).toLocaleString('en')} videos, ${Number(sizes[0]!.labels).toLocaleString('en')} labels, ${sizes[0]!.size}`,
);
// Other work on this machine inflates latencies; the load average says how much.
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(`Load average before measuring: ${load()} (${cpus().length} cores)`);
const results = await measureServices(handle.db);
console.log(`Load average after the service calls: ${load()}`);
if (process.env.BENCH_HTTP !== '0') await measureHttp(pool);
await handle.close();
const over = results.filter((figures) => figures.p95 > figures.target);
console.log(
  over.length === 0
    ? '\nEvery service call is within its p95 target.'
    : `\nOver target: ${over.map((figures) => figures.name).join('; ')}`,
);
