import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { replaceDatabase } from '../../../test-support/global-setup';
import { withServerDatabase } from '../../../test-support/server-database';
import { openDatabase, type DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

// Web nodes and workers starting together each migrate the one database they share.
const isServer = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(isServer)('migrations on a PostgreSQL server', () => {
  const name = `cutroom_migrate_${randomBytes(4).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await withServerDatabase(inject('templateDatabaseUrl'), (admin) =>
      admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('apply once when several processes start together on an empty database', async () => {
    const serverUrl = inject('templateDatabaseUrl');
    await withServerDatabase(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
    const url = replaceDatabase(serverUrl, name);
    // Pools of one connection, as the smallest process has: the lock needs no pool connection.
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ url, maxConnections: 1 }));
    await Promise.all(handles.map((handle) => migrateDatabase(handle)));
    const pool = handles[0]!.client as pg.Pool;
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql'));
    expect(rows[0].n).toBe(files.length);
  });
});
