import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test-support/test-db';
import { checkSiteHealth } from './health.service';
import { parseRedisInfo, redactRedisUrl, sampleRedis } from './redis-stats.service';

const { db } = await createTestDatabase();

describe('site health', () => {
  it('answers the database, queue, workers and disk', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cutroom-health-'));
    try {
      const health = await checkSiteHealth({ db, now: () => new Date() }, { dataDir });
      expect(health.database).toMatchObject({ ok: true });
      expect(health.database.version).toMatch(/PostgreSQL/);
      expect(health.disk.totalBytes).toBeGreaterThan(0);
      expect(health.disk.usedRatio).toBeGreaterThanOrEqual(0);
      // No queue installed in this database: a problem named, not a failure.
      expect(typeof health.queue.ok).toBe('boolean');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names a disk it cannot read', async () => {
    const health = await checkSiteHealth(
      { db, now: () => new Date() },
      { dataDir: '/no/such/folder' },
    );
    expect(health.disk).toMatchObject({ ok: false });
    expect(health.disk.error).toMatch(/ENOENT/);
  });
});

describe('the Redis monitor', () => {
  it('says when Redis is not configured', async () => {
    expect(await sampleRedis(undefined, new Date())).toMatchObject({
      configured: false,
      ok: false,
    });
  });

  it('names an unreachable Redis without failing, and hides the password', async () => {
    const stats = await sampleRedis('redis://:secret@127.0.0.1:1', new Date());
    expect(stats).toMatchObject({ configured: true, ok: false, url: 'redis://:***@127.0.0.1:1' });
    expect(stats.error).toBeTruthy();
    expect(redactRedisUrl('redis://user:pw@host:6379/0')).toBe('redis://user:***@host:6379/0');
  });

  it('reads INFO lines', () => {
    const fields = parseRedisInfo(
      '# Server\r\nredis_version:7.0.15\r\ndb0:keys=3,expires=1,avg_ttl=0\r\n',
    );
    expect(fields.get('redis_version')).toBe('7.0.15');
    expect(fields.get('db0')).toBe('keys=3,expires=1,avg_ttl=0');
  });
});

// A real Redis server of its own, when the machine has redis-server.
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const hasRedisServer = (process.env.PATH ?? '')
  .split(':')
  .some((dir) => existsSync(join(dir, 'redis-server')));

describe.skipIf(!hasRedisServer)('the Redis monitor against a real Redis', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--save',
        '',
        '--appendonly',
        'no',
        '--slowlog-log-slower-than',
        '0',
      ],
      {
        stdio: 'ignore',
      },
    );
    url = `redis://127.0.0.1:${port}`;
    // The server takes a moment to listen.
    let probe: Redis | undefined;
    for (let attempt = 0; attempt < 100 && !probe; attempt += 1) {
      const candidate = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      candidate.on('error', () => {});
      try {
        await candidate.connect();
        probe = candidate;
      } catch {
        candidate.disconnect();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (!probe) throw new Error('redis-server did not start');
    await probe.set('cutroom:a', '1');
    await probe.set('cutroom:b', '2', 'EX', 600);
    await probe.get('cutroom:a');
    await probe.get('cutroom:missing');
    probe.disconnect();
  });
  afterAll(() => {
    server?.kill();
  });

  it('samples memory, clients, keyspace, hit ratio and the slow log', async () => {
    const stats = await sampleRedis(url, new Date());
    expect(stats).toMatchObject({ configured: true, ok: true });
    expect(stats.usedMemoryBytes).toBeGreaterThan(0);
    expect(stats.connectedClients).toBeGreaterThanOrEqual(1);
    expect(stats.keyspace).toEqual([{ db: 'db0', keys: 2, expires: 1 }]);
    expect(stats.hitRatio).toBeCloseTo(0.5);
    expect(stats.slowLog?.some((entry) => entry.command.startsWith('set cutroom:a'))).toBe(true);
  });
});
