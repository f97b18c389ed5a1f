import { Redis } from 'ioredis';

export interface RedisStats {
  configured: boolean;
  /** The Redis URL without its password, for the page to name. */
  url: string | null;
  ok: boolean;
  error?: string;
  sampledAt: string;
  version?: string;
  uptimeSeconds?: number;
  opsPerSecond?: number;
  usedMemoryBytes?: number;
  peakMemoryBytes?: number;
  maxMemoryBytes?: number;
  /** keyspace_hits / (hits + misses), null before any lookup. */
  hitRatio?: number | null;
  hits?: number;
  misses?: number;
  connectedClients?: number;
  blockedClients?: number;
  keyspace?: { db: string; keys: number; expires: number }[];
  slowLog?: { id: number; at: string; durationMicros: number; command: string }[];
}

/** INFO's `key:value` lines, by key. */
export function parseRedisInfo(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at > 0) fields.set(line.slice(0, at), line.slice(at + 1));
  }
  return fields;
}

/** The URL with any password replaced, so it can be shown. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unreadable URL)';
  }
}

/** A slow-log command as shown: arguments past the first few and long ones shortened. */
function describeCommand(args: unknown): string {
  if (!Array.isArray(args)) return '';
  const shown = args.slice(0, 6).map((arg) => {
    const text = String(arg);
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  });
  return `${shown.join(' ')}${args.length > 6 ? ' …' : ''}`;
}

/**
 * Live figures of the configured Redis (INFO and SLOWLOG GET), for /admin/redis-monitor. One
 * short-lived connection a sample; `configured: false` when REDIS_URL is not set.
 */
export async function sampleRedis(redisUrl: string | undefined, now: Date): Promise<RedisStats> {
  const sampledAt = now.toISOString();
  if (!redisUrl) return { configured: false, url: null, ok: false, sampledAt };
  const url = redactRedisUrl(redisUrl);
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectionName: 'cutroom-redis-monitor',
  });
  let failure: Error | undefined;
  redis.on('error', (error: Error) => (failure ??= error));
  try {
    await redis.connect();
    const [info, slow] = await Promise.all([
      redis.info(),
      redis.call('SLOWLOG', 'GET', '10') as Promise<unknown[]>,
    ]);
    const fields = parseRedisInfo(info);
    const number = (key: string) => Number(fields.get(key) ?? 0);
    const hits = number('keyspace_hits');
    const misses = number('keyspace_misses');
    const keyspace = [...fields.entries()]
      .filter(([key]) => /^db\d+$/.test(key))
      .map(([db, value]) => {
        const parts = Object.fromEntries(value.split(',').map((pair) => pair.split('=')));
        return { db, keys: Number(parts.keys ?? 0), expires: Number(parts.expires ?? 0) };
      });
    return {
      configured: true,
      url,
      ok: true,
      sampledAt,
      version: fields.get('redis_version') ?? fields.get('valkey_version') ?? '',
      uptimeSeconds: number('uptime_in_seconds'),
      opsPerSecond: number('instantaneous_ops_per_sec'),
      usedMemoryBytes: number('used_memory'),
      peakMemoryBytes: number('used_memory_peak'),
      maxMemoryBytes: number('maxmemory'),
      hitRatio: hits + misses > 0 ? hits / (hits + misses) : null,
      hits,
      misses,
      connectedClients: number('connected_clients'),
      blockedClients: number('blocked_clients'),
      keyspace,
      slowLog: (slow ?? []).map((entry) => {
        const [id, at, duration, args] = entry as [number, number, number, unknown];
        return {
          id: Number(id),
          at: new Date(Number(at) * 1000).toISOString(),
          durationMicros: Number(duration),
          command: describeCommand(args),
        };
      }),
    };
  } catch (error) {
    return {
      configured: true,
      url,
      ok: false,
      sampledAt,
      error: (failure ?? (error as Error)).message,
    };
  } finally {
    redis.disconnect();
  }
}
