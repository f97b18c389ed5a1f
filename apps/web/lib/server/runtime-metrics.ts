// The gauges of /metrics the database and the process's live audience know, read at each scrape
// (docs/operations.md, What to watch). Imported by create-runtime.ts only.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MemberCache } from '@cutroom/core/features/site/member-parts/member-cache';
import { liveAudience } from '@cutroom/core/features/videos/live/live-audience';
import { type ListingCache, MemoryListingCache } from '@cutroom/core/platform/cache/listing-cache';
import type { DatabaseHandle } from '@cutroom/core/platform/db/client';
import { gaugeFromScrape } from '@cutroom/core/platform/metrics/metrics';
import type { PageCache } from './page-cache';

type Rows<T> = { rows: T[] };
const query = <T>(database: DatabaseHandle, text: string) =>
  (database.client as unknown as { query: (text: string) => Promise<Rows<T>> }).query(text);

/** Uploads begun in the last day whose bytes have not all arrived (tus's files in the folder). */
async function countUploadsInProgress(directory: string): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  let open = 0;
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      const info = JSON.parse(await readFile(join(directory, name), 'utf8')) as {
        size?: number;
        creation_date?: string;
      };
      if (info.creation_date && Date.parse(info.creation_date) < dayAgo) continue;
      const received = await stat(join(directory, name.slice(0, -'.json'.length)));
      if (info.size === undefined || received.size < info.size) open += 1;
    } catch {
      // Finished (and taken away) while it was read.
    }
  }
  return open;
}

/** Registers the scraped gauges; a second call (tests start several runtimes) replaces them. */
export function registerRuntimeMetrics(database: DatabaseHandle, uploadsDirectory: string): void {
  gaugeFromScrape({
    name: 'cutroom_uploads_in_progress',
    help: 'Uploads begun in the last day and not yet complete, on this node',
    read: async () => [{ value: await countUploadsInProgress(uploadsDirectory) }],
  });
  // The job queue (pg-boss): jobs due and not taken, and how long the oldest has been due, by
  // kind (a job sent with a delay, such as media.remove-old, waits only once it falls due).
  const waiting = async () =>
    (
      await query<{ name: string; n: number; age: number }>(
        database,
        `select name, count(*)::int as n,
                coalesce(extract(epoch from now() - min(start_after)), 0)::float as age
         from pgboss.job where state in ('created', 'retry') and start_after <= now()
         group by name`,
      )
    ).rows;
  gaugeFromScrape({
    name: 'cutroom_jobs_waiting',
    help: 'Jobs waiting in the queue, by kind',
    labelNames: ['kind'],
    read: async () =>
      (await waiting()).map((row) => ({ labels: { kind: row.name }, value: row.n })),
  });
  gaugeFromScrape({
    name: 'cutroom_jobs_oldest_waiting_seconds',
    help: 'Age of the oldest waiting job, by kind',
    labelNames: ['kind'],
    read: async () =>
      (await waiting()).map((row) => ({ labels: { kind: row.name }, value: row.age })),
  });
  const onAir = async () =>
    (
      await query<{ video_id: string }>(
        database,
        `select video_id from live_streams where state = 'live'`,
      )
    ).rows;
  gaugeFromScrape({
    name: 'cutroom_lives_on_air',
    help: 'Live streams on air (the whole site)',
    read: async () => [{ value: (await onAir()).length }],
  });
  gaugeFromScrape({
    name: 'cutroom_live_viewers',
    help: 'People watching a live, summed over the lives on air (every web node)',
    read: async () => {
      const audience = liveAudience();
      const lives = await onAir();
      return [{ value: lives.reduce((sum, live) => sum + audience.count(live.video_id), 0) }];
    },
  });
}

/**
 * Where the process's memory goes beyond V8's own figures (docs/operations.md, Memory): each
 * cache's size against its bound, and the embedded database's WebAssembly memory.
 */
export function registerMemoryMetrics(parts: {
  database: DatabaseHandle;
  pageCache: PageCache;
  listings: ListingCache;
  memberCache: MemberCache;
}): void {
  gaugeFromScrape({
    name: 'cutroom_cache_entries',
    help: 'Entries each in-memory cache holds (page, listing, member)',
    labelNames: ['cache'],
    read: async () => [
      { labels: { cache: 'page' }, value: parts.pageCache.size.entries },
      // With REDIS_URL the listings are in Redis, not here.
      ...(parts.listings instanceof MemoryListingCache
        ? [{ labels: { cache: 'listing' }, value: parts.listings.size }]
        : []),
      { labels: { cache: 'member' }, value: parts.memberCache.size },
    ],
  });
  gaugeFromScrape({
    name: 'cutroom_page_cache_bytes',
    help: 'Bytes of rendered pages the page cache holds (bounded by PAGE_CACHE_MAX_MB)',
    read: async () => [{ value: parts.pageCache.size.bytes }],
  });
  // PGlite's linear memory (its buffer cache, sorts, catalogs): it grows and never shrinks.
  // `mod` is PGlite's Emscripten module, not part of its typed interface.
  const module = (parts.database.client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
  if (parts.database.kind === 'pglite' && module?.HEAPU8) {
    gaugeFromScrape({
      name: 'cutroom_pglite_memory_bytes',
      help: "The embedded database's WebAssembly memory",
      read: async () => [{ value: module.HEAPU8!.buffer.byteLength }],
    });
  }
}
