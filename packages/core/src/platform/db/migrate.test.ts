import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { replaceDatabase } from '../../../test-support/global-setup';
import { withServerDatabase } from '../../../test-support/server-database';
import { createUser } from '../../../test-support/factories';
import { createTestDatabase } from '../../../test-support/test-db';
import { openDatabase, type DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, MigrationFailedError, migrateDatabase } from './migrate';
import { users } from './schema';

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

describe('a migration that fails', () => {
  it('leaves the database as it was, and names the migration and why', async () => {
    const handle = await createTestDatabase();
    const { user } = await createUser(handle.db);
    const count = async () => {
      const result = (await handle.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    const applied = await count();
    // Two new migrations: the first would add a column, the second fails half-way.
    const folder = mkdtempSync(join(tmpdir(), 'cutroom-migrations-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    for (const [offset, tag, body] of [
      [1, '9001_adds_a_column', 'ALTER TABLE "users" ADD COLUMN "upgrade_probe" integer;'],
      [
        2,
        '9002_fails',
        'UPDATE "users" SET "upgrade_probe" = 1;\n--> statement-breakpoint\nSELECT 1 / 0;',
      ],
    ] as const) {
      journal.entries.push({ ...last, idx: last.idx + offset, when: last.when + offset, tag });
      writeFileSync(join(folder, `${tag}.sql`), body);
    }
    writeFileSync(journalFile, JSON.stringify(journal));
    try {
      const failed = migrateDatabase(handle, folder);
      await expect(failed).rejects.toThrow(MigrationFailedError);
      await expect(failed).rejects.toThrow(/Migration 9002_fails failed: division by zero/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(await count()).toBe(applied);
    const column = (await handle.db.execute(
      sql`select count(*)::int as n from information_schema.columns
          where table_name = 'users' and column_name = 'upgrade_probe'`,
    )) as unknown as { rows: { n: number }[] };
    expect(column.rows[0]!.n).toBe(0);
    const [still] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(still?.username).toBe(user.username);
    // The migrations of this version still apply (none pending): the database works on.
    await migrateDatabase(handle);
    expect(await count()).toBe(applied);
  });
});
