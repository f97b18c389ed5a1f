import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createListingCache,
  Listings,
  MemoryListingCache,
  RedisListingCache,
  type ListingCache,
} from './listing-cache';
import { configuredTestRedis } from '../../../test-support/test-services';

// The Redis suite runs when TEST_REDIS_URL is set (CI sets it), and fails when it is set but
// that server does not answer.
const redisUrl = await configuredTestRedis();

function behavesLikeAListingCache(make: () => ListingCache) {
  it('serves a stored value until invalidated, then loads afresh', async () => {
    const cache = make();
    const key = `k-${randomBytes(4).toString('hex')}`;
    let loads = 0;
    const load = async () => ({ n: ++loads, at: 'x' });
    expect(await cache.getOrLoad(key, load)).toEqual({ n: 1, at: 'x' });
    expect(await cache.getOrLoad(key, load)).toEqual({ n: 1, at: 'x' });
    await cache.invalidate();
    expect(await cache.getOrLoad(key, load)).toEqual({ n: 2, at: 'x' });
    await cache.close();
  });

  it('names a new generation after an invalidation', async () => {
    const cache = make();
    const before = await cache.currentGeneration();
    expect(await cache.currentGeneration()).toBe(before);
    await cache.invalidate();
    expect(await cache.currentGeneration()).not.toBe(before);
    await cache.close();
  });

  it('does not cache with a zero lifetime, nor a failed load', async () => {
    const cache = make();
    const key = `z-${randomBytes(4).toString('hex')}`;
    let loads = 0;
    await cache.getOrLoad(key, async () => ++loads, 0);
    await cache.getOrLoad(key, async () => ++loads, 0);
    expect(loads).toBe(2);
    await expect(
      cache.getOrLoad(key, async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(await cache.getOrLoad(key, async () => 'fine')).toBe('fine');
    await cache.close();
  });
}

describe('invalidating across processes', () => {
  it('tells the other processes through the broadcast, unless the change is local only', async () => {
    const listings = new Listings(new MemoryListingCache({ ttlSeconds: 30 }));
    let broadcasts = 0;
    listings.setBroadcast(() => (broadcasts += 1));
    const first = await listings.currentGeneration();
    await listings.invalidate();
    expect(broadcasts).toBe(1);
    const second = await listings.currentGeneration();
    expect(second).not.toBe(first);
    await listings.invalidateLocal();
    expect(broadcasts).toBe(1);
    expect(await listings.currentGeneration()).not.toBe(second);
  });

  it('serves visitors from the cache and signed-in viewers fresh', async () => {
    const listings = new Listings(createListingCache({ LISTING_CACHE_SECONDS: 30 }));
    let loads = 0;
    const load = async () => ++loads;
    expect(await listings.forVisitors('k', true, load)).toBe(1);
    expect(await listings.forVisitors('k', true, load)).toBe(1);
    expect(await listings.forVisitors('k', false, load)).toBe(2);
    await listings.cache.close();
  });
});

describe('MemoryListingCache', () => {
  behavesLikeAListingCache(() => new MemoryListingCache({ ttlSeconds: 30 }));

  it('expires entries after their lifetime and keeps at most maxEntries', async () => {
    let clock = 0;
    const cache = new MemoryListingCache({ ttlSeconds: 10, maxEntries: 2, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    await cache.getOrLoad('a', load);
    clock = 9_000;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    clock = 10_001;
    expect(await cache.getOrLoad('a', load)).toBe(2);
    await cache.getOrLoad('b', load);
    await cache.getOrLoad('c', load);
    expect(await cache.getOrLoad('a', load)).toBe(5);
  });

  it('keeps as many entries as LISTING_CACHE_MAX_ENTRIES says', async () => {
    const cache = createListingCache({ LISTING_CACHE_SECONDS: 30, LISTING_CACHE_MAX_ENTRIES: 3 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.getOrLoad(key, async () => key);
    expect((cache as MemoryListingCache).size).toBe(3);
    await cache.close();
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new MemoryListingCache({ ttlSeconds: 10 });
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 20));
    const results = await Promise.all([cache.getOrLoad('k', slow), cache.getOrLoad('k', slow)]);
    expect(results).toEqual([1, 1]);
  });
});

describe.runIf(redisUrl)('RedisListingCache', () => {
  const caches: RedisListingCache[] = [];
  const make = () => {
    const cache = RedisListingCache.connect(redisUrl!, { ttlSeconds: 30 });
    caches.push(cache);
    return cache;
  };
  afterAll(async () => Promise.all(caches.map((cache) => cache.close())));

  behavesLikeAListingCache(make);

  it("sees another node's invalidation", async () => {
    const a = make();
    const b = make();
    const key = `shared-${randomBytes(4).toString('hex')}`;
    expect(await a.getOrLoad(key, async () => 'old')).toBe('old');
    expect(await b.getOrLoad(key, async () => 'unused')).toBe('old');
    // A node re-reads the generation a second after its last read: the clock is moved past
    // that rather than waited out (only Date is faked; Redis's own timers stay real).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await a.invalidate();
      vi.setSystemTime(Date.now() + 1100);
      expect(await b.currentGeneration()).toBe(await a.currentGeneration());
      expect(await b.getOrLoad(key, async () => 'new')).toBe('new');
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads uncached when Redis is unreachable', async () => {
    const cache = RedisListingCache.connect('redis://127.0.0.1:1', { ttlSeconds: 30 });
    caches.push(cache);
    expect(await cache.getOrLoad('x', async () => 'direct')).toBe('direct');
    await expect(cache.currentGeneration()).rejects.toThrow();
    await cache.invalidate();
  });
});
