import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { DatabaseHandle } from './client';
import { SERVER_LOCKS, whileHoldingServerLock } from './server-lock';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** A migration that failed: every pending migration was rolled back with it. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    const reason = (cause as Error)?.message ?? String(cause);
    super(
      `Migration ${migration} failed: ${reason}. No migration of this start was applied: the ` +
        'database is as it was before it (docs/operations.md, Upgrading).',
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

/** Each migration's name (its file, without .sql), in order. */
function migrationTags(migrationsFolder: string): string[] {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/**
 * Applies every pending migration in order, all in one transaction (drizzle's migrations
 * table and its rule: those made after the last applied one are pending): when one fails,
 * none is applied, and the error names it. On a server, processes starting together (web
 * nodes, workers) take turns through an advisory lock held on a connection of its own, so the
 * second finds the migrations applied instead of applying them again beside the first.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const apply = () => applyPending(handle, migrationsFolder);
  if (handle.kind === 'pglite') return apply();
  await whileHoldingServerLock(handle.client as pg.Pool, SERVER_LOCKS.migrations, apply);
}

async function applyPending(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const tags = migrationTags(migrationsFolder);
  const { db } = handle;
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
      id SERIAL PRIMARY KEY,
      hash text NOT NULL,
      created_at bigint
    )`);
  const last = (await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as unknown as { rows: { created_at: string | number | null }[] };
  const lastApplied = Number(last.rows[0]?.created_at ?? -1);
  const pending = migrations
    .map((migration, index) => ({ migration, tag: tags[index] ?? `#${index}` }))
    .filter(({ migration }) => lastApplied < migration.folderMillis);
  if (pending.length === 0) return;
  await db.transaction(async (tx) => {
    for (const { migration, tag } of pending) {
      try {
        for (const statement of migration.sql) {
          if (statement.trim()) await tx.execute(sql.raw(statement));
        }
      } catch (error) {
        throw new MigrationFailedError(tag, (error as Error).cause ?? error);
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
