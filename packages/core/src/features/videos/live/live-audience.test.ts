import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createLogger } from '../../../platform/logging/logger';
import { PostgresEvents } from '../../../platform/events/postgres-events';
import { InProcessEvents, type ProcessingEvents } from '../../../platform/events/processing-events';
import { LiveAudience } from './live-audience';

// Two web nodes on one site: on PostgreSQL each has its own LISTEN/NOTIFY connection, as two
// processes do; on PGlite (one process) they share the in-process channel.
const isServer = process.env.TEST_DB_KIND === 'postgres';
const handle = isServer ? await createTestDatabase() : null;

describe(`the number watching summed across web nodes (${isServer ? 'PostgreSQL' : 'in process'})`, () => {
  const log = createLogger({ level: 'silent' });
  let channels: [ProcessingEvents, ProcessingEvents];
  const started: PostgresEvents[] = [];
  beforeAll(async () => {
    if (!handle) {
      const shared = new InProcessEvents();
      channels = [shared, shared];
      return;
    }
    const url = (handle.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    for (let i = 0; i < 2; i += 1) started.push(await PostgresEvents.start({ url, log }));
    channels = [started[0]!, started[1]!];
  });
  afterAll(async () => {
    for (const events of started) await events.stop();
  });

  let clock = 1_000_000;
  const nodes = (videoId: string) => {
    const options = { now: () => clock, announceEveryMs: 15_000, staleAfterMs: 45_000 };
    const a = new LiveAudience({ ...options, events: channels[0], node: `a-${videoId}` });
    const b = new LiveAudience({ ...options, events: channels[1], node: `b-${videoId}` });
    return { a, b };
  };

  it('shows one viewer on each of two nodes as 2 on both, and tells their followers', async () => {
    const { a, b } = nodes('v1');
    const heardOnA: number[] = [];
    a.follow('v1', (count) => heardOnA.push(count));
    const leaveA = a.join('v1');
    const leaveB = b.join('v1');
    await expect.poll(() => [a.count('v1'), b.count('v1')], { timeout: 5_000 }).toEqual([2, 2]);
    expect(heardOnA.at(-1)).toBe(2);
    // Another live's viewers are not this one's.
    b.join('v2');
    await expect.poll(() => a.count('v2'), { timeout: 5_000 }).toBe(1);
    expect(a.count('v1')).toBe(2);
    leaveB();
    await expect.poll(() => a.count('v1'), { timeout: 5_000 }).toBe(1);
    expect(heardOnA.at(-1)).toBe(1);
    leaveA();
    await expect.poll(() => b.count('v1'), { timeout: 5_000 }).toBe(0);
    a.stop();
    b.stop();
  });

  it('drops a node that stopped without a word once its part is not refreshed, and keeps one that refreshes', async () => {
    const { a, b } = nodes('v3');
    const c = new LiveAudience({
      now: () => clock,
      events: channels[1],
      node: 'c-v3',
    });
    a.join('v3');
    b.join('v3');
    c.join('v3');
    await expect.poll(() => a.count('v3'), { timeout: 5_000 }).toBe(3);
    // b stops (its process killed): nothing more from it. c goes on refreshing its part.
    b.stop({ isLeaving: false });
    const heardOnA: number[] = [];
    a.follow('v3', (count) => heardOnA.push(count));
    clock += 30_000;
    c.refresh();
    a.refresh();
    expect(a.count('v3')).toBe(3);
    clock += 16_000;
    // The refreshed part arrives; a marker sent after it tells when it has.
    c.refresh();
    const marker = new LiveAudience({ now: () => clock, events: channels[1], node: 'm-v3' });
    marker.join('marker-v3');
    await expect.poll(() => a.count('marker-v3'), { timeout: 5_000 }).toBe(1);
    a.refresh();
    expect(a.count('v3')).toBe(2);
    expect(heardOnA.at(-1)).toBe(2);
    a.stop();
    c.stop();
    marker.stop();
  });

  it('drops a node that stops on purpose at once (its parts go out as 0)', async () => {
    const { a, b } = nodes('v4');
    a.join('v4');
    b.join('v4');
    b.join('v4');
    await expect.poll(() => a.count('v4'), { timeout: 5_000 }).toBe(3);
    b.stop();
    await expect.poll(() => a.count('v4'), { timeout: 5_000 }).toBe(1);
    a.stop();
  });
});
