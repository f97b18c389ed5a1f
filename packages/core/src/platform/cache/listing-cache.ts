import { Redis } from 'ioredis';
import type { Config } from '../config/config';

/**
 * A short-lived cache for what anonymous visitors see (listing pages, API answers). Entries are
 * keyed under a generation number; invalidating bumps the generation, so every older entry is
 * unreachable at once and expires on its own.
 */
export interface ListingCache {
  /** The cached value for a key, or the loader's (stored for ttlSeconds). */
  getOrLoad<T>(key: string, load: () => Promise<T>, ttlSeconds?: number): Promise<T>;
  /** Makes every entry stale: call after any video is published, changed or unpublished. */
  invalidate(): Promise<void>;
  /**
   * The current generation, cheap enough to read on every request: caches outside this one
   * (the page cache) key their entries on it to be dropped by the same invalidation.
   */
  currentGeneration(): Promise<string>;
  close(): Promise<void>;
}

export interface ListingCacheOptions {
  /** Default lifetime of an entry; 0 turns caching off. */
  ttlSeconds: number;
  /** Entries kept in memory at most (oldest dropped first). */
  maxEntries?: number;
  now?: () => number;
}

/** In-process cache, for a single web process. */
export class MemoryListingCache implements ListingCache {
  private readonly entries = new Map<string, { expires: number; value: unknown }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: ListingCacheOptions) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.now = options.now ?? Date.now;
  }

  /** Entries kept (the /metrics gauge of the caches). */
  get size(): number {
    return this.entries.size;
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>, ttlSeconds?: number): Promise<T> {
    const ttl = ttlSeconds ?? this.options.ttlSeconds;
    if (ttl <= 0) return load();
    const fullKey = `${this.generation}:${key}`;
    const hit = this.entries.get(fullKey);
    if (hit && hit.expires > this.now()) return hit.value as T;
    // Concurrent misses for one key share one load instead of stampeding the database.
    const pending = this.inflight.get(fullKey);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const loading = load().then(
      (value) => {
        this.inflight.delete(fullKey);
        if (generation === this.generation) this.store(fullKey, value, ttl);
        return value;
      },
      (error: unknown) => {
        this.inflight.delete(fullKey);
        throw error;
      },
    );
    this.inflight.set(fullKey, loading);
    return loading;
  }

  private store(key: string, value: unknown, ttl: number) {
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + ttl * 1000, value });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  async currentGeneration(): Promise<string> {
    return String(this.generation);
  }

  async invalidate(): Promise<void> {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

const GENERATION_KEY = 'cutroom:listings:generation';
/** How long a node trusts its copy of the generation before asking Redis again. */
const GENERATION_REFRESH_MS = 1000;

/**
 * Shared cache in Redis, for several web nodes: one node's invalidation reaches the others
 * within a second. When Redis is unreachable, pages load uncached rather than fail.
 */
export class RedisListingCache implements ListingCache {
  private generation: { value: string; fetchedAt: number } | null = null;
  private generationRead: Promise<string | null> | null = null;
  private invalidations = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: ListingCacheOptions,
  ) {}

  static connect(url: string, options: ListingCacheOptions): RedisListingCache {
    // Commands wait for the first connection, but give up after one retry when Redis is down.
    const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 1000 });
    // A lost connection is retried by ioredis; until then requests load uncached.
    redis.on('error', () => undefined);
    return new RedisListingCache(redis, options);
  }

  /** Throws when Redis is unreachable. */
  async currentGeneration(): Promise<string> {
    const now = Date.now();
    if (this.generation && now - this.generation.fetchedAt < GENERATION_REFRESH_MS) {
      return this.generation.value;
    }
    // Requests arriving while the generation is re-read share one GET.
    const invalidations = this.invalidations;
    this.generationRead ??= this.redis.get(GENERATION_KEY).finally(() => {
      this.generationRead = null;
    });
    const value = (await this.generationRead) ?? '0';
    // A read that overlapped this node's own invalidation must not bring the old one back.
    if (invalidations === this.invalidations) this.generation = { value, fetchedAt: now };
    return value;
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>, ttlSeconds?: number): Promise<T> {
    const ttl = ttlSeconds ?? this.options.ttlSeconds;
    if (ttl <= 0) return load();
    let fullKey: string;
    try {
      fullKey = `cutroom:listings:${await this.currentGeneration()}:${key}`;
      const hit = await this.redis.get(fullKey);
      if (hit !== null) return JSON.parse(hit) as T;
    } catch {
      return load();
    }
    const value = await load();
    try {
      await this.redis.set(fullKey, JSON.stringify(value), 'EX', ttl);
    } catch {
      // Serving the fresh value matters more than caching it.
    }
    return value;
  }

  async invalidate(): Promise<void> {
    this.invalidations += 1;
    try {
      const value = await this.redis.incr(GENERATION_KEY);
      this.generation = { value: String(value), fetchedAt: Date.now() };
    } catch {
      // Unreachable Redis: entries still expire within their short lifetime.
      this.generation = null;
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** The settings a listing cache is made from (see ConfigSchema). */
export type ListingCacheConfig = Pick<Config, 'REDIS_URL' | 'LISTING_CACHE_SECONDS'> &
  Partial<Pick<Config, 'LISTING_CACHE_MAX_ENTRIES'>>;

/** A process's listing cache: Redis when REDIS_URL is set, in memory otherwise. */
export function createListingCache(config: ListingCacheConfig): ListingCache {
  const options = {
    ttlSeconds: config.LISTING_CACHE_SECONDS,
    maxEntries: config.LISTING_CACHE_MAX_ENTRIES,
  };
  return config.REDIS_URL
    ? RedisListingCache.connect(config.REDIS_URL, options)
    : new MemoryListingCache(options);
}

/**
 * What the services see of the listing cache (part of every service context): cached answers
 * for visitors, and the invalidation a change of what visitors see calls. One per process,
 * made by the entry point; a test makes its own.
 */
export class Listings {
  #broadcast: (() => void) | undefined;

  constructor(readonly cache: ListingCache) {}

  /**
   * How this process tells the others that listings changed, when each holds its own cache
   * (several web nodes without Redis): the runtime sets it to a PostgreSQL notification.
   */
  setBroadcast(broadcast: (() => void) | undefined): void {
    this.#broadcast = broadcast;
  }

  /**
   * Drops every cached listing and API answer, in this process and (through the broadcast) in
   * the site's other processes. The publish path calls it after a video is published, edited,
   * unpublished or deleted (after the transaction commits).
   */
  async invalidate(): Promise<void> {
    await this.cache.invalidate();
    this.#broadcast?.();
  }

  /** Drops this process's cached listings only: for a change every process hears of anyway. */
  invalidateLocal(): Promise<void> {
    return this.cache.invalidate();
  }

  /** The generation `invalidate()` bumps. */
  currentGeneration(): Promise<string> {
    return this.cache.currentGeneration();
  }

  /** A cached value for anonymous visitors; signed-in viewers always get fresh data. */
  forVisitors<T>(
    key: string,
    isVisitor: boolean,
    load: () => Promise<T>,
    ttlSeconds?: number,
  ): Promise<T> {
    return isVisitor ? this.cache.getOrLoad(key, load, ttlSeconds) : load();
  }
}
