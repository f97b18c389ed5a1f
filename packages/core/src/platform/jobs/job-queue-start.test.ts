import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { replaceDatabase } from '../../../test-support/global-setup';
import { withServerDatabase } from '../../../test-support/server-database';
import { transcodeDeadLetterJob, transcodeVideoJob } from './job-definitions';
import { JobQueue } from './job-queue';

// Web nodes and workers starting together on a new database each install the job queue.
const isServer = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(isServer)('processes starting together on a new PostgreSQL database', () => {
  const name = `cutroom_start_${randomBytes(4).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop({ timeoutMs: 5_000 })));
    await Promise.all(handles.map((handle) => handle.close()));
    await withServerDatabase(inject('templateDatabaseUrl'), (admin) =>
      admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('migrate and install the job queue once, each waiting its turn', async () => {
    const serverUrl = inject('templateDatabaseUrl');
    await withServerDatabase(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
    const url = replaceDatabase(serverUrl, name);
    // Small pools, as the smallest process has: the turn-taking needs none of their connections.
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ url, maxConnections: 2 }));
    await Promise.all(handles.map((handle) => migrateDatabase(handle)));
    queues.push(
      ...(await Promise.all(
        handles.map((handle) =>
          JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob], { supervise: false }),
        ),
      )),
    );
    const pool = handles[0]!.client as pg.Pool;
    const { rows } = await pool.query('SELECT name FROM pgboss.queue ORDER BY name');
    const ours = rows.map((row: { name: string }) => row.name).filter((n) => !n.startsWith('__'));
    expect(ours).toEqual([transcodeDeadLetterJob.name, transcodeVideoJob.name].sort());
  });
});
