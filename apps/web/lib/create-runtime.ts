// Imported by server.ts only: opening and migrating the database stays out of the page bundles.
import { join } from 'node:path';
import { loadConfig, type Config } from '@cutroom/core/config/config';
import { openDatabase } from '@cutroom/core/db/client';
import { migrateDatabase } from '@cutroom/core/db/migrate';
import { createLogger } from '@cutroom/core/logging/logger';
import type { Runtime } from './runtime';

/** Opens the database (applying pending migrations) and the logger for this process. */
export async function createRuntime(config: Config = loadConfig()): Promise<Runtime> {
  const log = createLogger({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'db'),
  });
  await migrateDatabase(database);
  return { config, database, log };
}
