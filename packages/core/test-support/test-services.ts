import { Redis } from 'ioredis';

/**
 * The Redis server `TEST_REDIS_URL` names, or undefined when it is not set (the suites that
 * need one are then skipped, and counted as skipped). A server that is set but does not answer
 * fails the run, naming the setting: a configured service is never skipped in silence.
 */
export async function configuredTestRedis(): Promise<string | undefined> {
  const url = process.env.TEST_REDIS_URL;
  if (!url) return undefined;
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: Error | undefined;
  probe.on('error', (error: Error) => (cause ??= error));
  try {
    await probe.connect();
    await probe.ping();
    return url;
  } catch (error) {
    throw new Error(
      `TEST_REDIS_URL is set (${url}) but that Redis server does not answer ` +
        `(${(cause ?? (error as Error)).message}): start it, or unset TEST_REDIS_URL to skip the Redis suites.`,
    );
  } finally {
    probe.disconnect();
  }
}

/** The keys matching `pattern` (SCAN syntax) in the Redis database `url` names. */
export async function redisKeys(url: string, pattern: string): Promise<string[]> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  } finally {
    redis.disconnect();
  }
}

/** Deletes the keys matching `pattern` from the Redis database `url` names, and only those. */
export async function deleteRedisKeys(url: string, pattern: string): Promise<void> {
  const keys = await redisKeys(url, pattern);
  if (!keys.length) return;
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
