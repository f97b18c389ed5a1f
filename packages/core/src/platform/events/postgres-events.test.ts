import { createServer, connect, type AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { createTestDatabase } from '../../../test-support/test-db';
import { PostgresEvents } from './postgres-events';
import type { ProcessingEvent } from './processing-events';

// LISTEN/NOTIFY needs the PostgreSQL server: PGlite is one process anyway.
const isServer = process.env.TEST_DB_KIND === 'postgres';
const handle = isServer ? await createTestDatabase() : null;

describe.runIf(isServer)('processing events across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const log = createLogger({ level: 'silent' });
  // Two instances stand for two processes (a web node and a worker). Set up in hooks: a
  // skipped suite's body still runs, hooks do not.
  let pool: pg.Pool;
  let web: PostgresEvents;
  let worker: PostgresEvents;
  beforeAll(async () => {
    pool = (handle!.db as unknown as { $client: pg.Pool }).$client;
    const url = pool.options.connectionString!;
    web = await PostgresEvents.start({ url, log });
    worker = await PostgresEvents.start({ url, log });
  });
  afterAll(async () => {
    await web?.stop();
    await worker?.stop();
  });

  const collect = (events: PostgresEvents, filter?: { videoId?: string }) => {
    const heard: ProcessingEvent[] = [];
    events.subscribe((event) => heard.push(event), filter);
    return heard;
  };
  const until = async (check: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for an event');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("reaches the other process's listeners, and its own exactly once", async () => {
    const onWeb = collect(web, { videoId: 'v1' });
    const onWorker = collect(worker, { videoId: 'v1' });
    worker.publish({ type: 'progress', videoId: 'v1', ownerId: 'u1', progress: 42 });
    worker.publish({ type: 'published', videoId: 'v1', ownerId: 'u1' });
    worker.publish({ type: 'published', videoId: 'v2', ownerId: 'u1' });
    await until(() => onWeb.length === 2);
    expect(onWeb).toEqual([
      { type: 'progress', videoId: 'v1', ownerId: 'u1', progress: 42 },
      { type: 'published', videoId: 'v1', ownerId: 'u1' },
    ]);
    // A marker from the other process, sent after the worker's events had gone round: it
    // reaches the worker after them, so a duplicate of its own would have arrived first.
    web.publish({ type: 'progress', videoId: 'v1', ownerId: 'u1', progress: 100 });
    await until(() => onWorker.length >= 3);
    expect(onWorker).toEqual([
      { type: 'progress', videoId: 'v1', ownerId: 'u1', progress: 42 },
      { type: 'published', videoId: 'v1', ownerId: 'u1' },
      { type: 'progress', videoId: 'v1', ownerId: 'u1', progress: 100 },
    ]);
  });

  it('tells the other processes, not itself, that listings changed', async () => {
    let heardByWorker = 0;
    let heardByWeb = 0;
    const stopListening = worker.onListingsChanged(() => (heardByWorker += 1));
    web.onListingsChanged(() => (heardByWeb += 1));
    // Markers on the same channel, sent after what is being waited for: notifications arrive in
    // the order they were sent, so when a marker is heard, what was to be dropped has come.
    const markersOnWeb = collect(web, { videoId: 'marker-web' });
    const markersOnWorker = collect(worker, { videoId: 'marker-worker' });
    web.announceListingsChanged();
    await until(() => heardByWorker === 1);
    worker.publish({ type: 'published', videoId: 'marker-web', ownerId: 'u1' });
    await until(() => markersOnWeb.length === 1);
    expect(heardByWeb).toBe(0);
    stopListening();
    web.announceListingsChanged();
    web.publish({ type: 'published', videoId: 'marker-worker', ownerId: 'u1' });
    await until(() => markersOnWorker.length === 1);
    expect(heardByWorker).toBe(1);
  });

  it('listens again after its connection is cut, and says when it was down', async () => {
    const onWeb = collect(web, { videoId: 'v3' });
    const listening: boolean[] = [];
    web.onListeningChange((up) => listening.push(up));
    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query like 'listen cutroom_processing%'
         and pid <> pg_backend_pid()`,
    );
    await until(() => !web.isListening);
    await until(() => web.isListening && worker.isListening, 10_000);
    expect(listening).toEqual([false, true]);
    worker.publish({ type: 'failed', videoId: 'v3', ownerId: 'u1', reason: 'broken' });
    await until(() => onWeb.length === 1);
    expect(onWeb[0]).toMatchObject({ type: 'failed', reason: 'broken' });
  });

  it('takes a connection that goes silent for lost, and listens again once it answers', async () => {
    // A relay to the server that can stop passing bytes, as a broken network does (no error,
    // no closed connection: only silence).
    let silent = false;
    const relay = createServer((inbound) => {
      const target = new URL(pool.options.connectionString!);
      const outbound = connect(Number(target.port || 5432), target.hostname);
      inbound.on('data', (bytes) => silent || outbound.write(bytes));
      outbound.on('data', (bytes) => silent || inbound.write(bytes));
      for (const socket of [inbound, outbound]) socket.on('error', () => undefined);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(pool.options.connectionString!);
    relayed.host = `127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const events = await PostgresEvents.start({
      url: relayed.toString(),
      log,
      heartbeat: { everyMs: 100, timeoutMs: 300 },
    });
    const listening: boolean[] = [];
    events.onListeningChange((up) => listening.push(up));
    try {
      silent = true;
      await until(() => listening.includes(false));
      expect(events.isListening).toBe(false);
      silent = false;
      await until(() => events.isListening, 10_000);
      expect(listening).toEqual([false, true]);
    } finally {
      await events.stop();
      relay.close();
    }
  });
});
