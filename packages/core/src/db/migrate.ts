import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle, Schema } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number, the same in every process: the advisory lock migrations take turns through. */
const MIGRATION_LOCK = 7_311_270_001;

/**
 * Applies every pending migration in order; each runs in its own transaction. On a server,
 * processes starting together (web nodes, workers) take turns through an advisory lock held
 * on a connection of its own, so the second finds the migrations applied instead of applying
 * them again beside the first.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const lock = new pg.Client((handle.client as pg.Pool).options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(handle.db as NodePgDatabase<Schema>, { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also when the unlock could not be sent.
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
