import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@cutroom/core/platform/db/client';
import { requestWaits, type WaitNote } from '@cutroom/core/platform/db/transaction-guard';
import type { Logger } from '@cutroom/core/platform/logging/logger';
import { createRequestDeadline } from './request-deadline';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = { error: (entry: Record<string, unknown>) => lines.push(entry) } as unknown as Logger;
  return { log, lines };
}

async function serve(handler: (wait: WaitNote) => Promise<void> | void, deadlineMs: number) {
  const { log, lines } = recordingLog();
  const armDeadline = createRequestDeadline({ deadlineMs, log });
  server = createServer((request, response) => {
    const wait: WaitNote = {};
    requestWaits.run(wait, () => {
      armDeadline(request, response, 'req-1', wait);
      void Promise.resolve(handler(wait)).then(() => response.end('late'));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/slow`, lines };
}

describe('the request deadline', () => {
  it('answers 503 with Retry-After when the answer has not started in time', async () => {
    const { url, lines } = await serve(() => new Promise(() => undefined), 200);
    const answer = await fetch(url);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.json()).toMatchObject({ httpStatusCode: 503 });
    expect(lines).toMatchObject([
      { url: '/slow', deadlineMs: 200, waitingFor: 'the page or call itself (not the database)' },
    ]);
  });

  it('leaves an answer alone that came in time', async () => {
    const { url } = await serve(() => undefined, 1_000);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('late');
  });

  it('names the database when the request waited for it', async () => {
    const database = await openDatabase({ waitLimitMs: 0 });
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holder = database.db.transaction(async () => held);
      const { url, lines } = await serve(async () => {
        await database.db.execute(sql`select 1`);
      }, 300);
      const answer = await fetch(url);
      expect(answer.status).toBe(503);
      expect(lines).toMatchObject([{ waitingFor: 'the embedded database' }]);
      release();
      await holder;
    } finally {
      await database.close();
    }
  }, 60_000);
});
