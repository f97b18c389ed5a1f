import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle, Schema } from './client';
import { SERVER_LOCKS, whileHoldingServerLock } from './server-lock';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

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
  await whileHoldingServerLock(handle.client as pg.Pool, SERVER_LOCKS.migrations, () =>
    migrateNodePg(handle.db as NodePgDatabase<Schema>, { migrationsFolder }),
  );
}
