// Imported by server.ts only: opening and migrating the database stays out of the page bundles.
import { join } from 'node:path';
import { createAccounts } from '@cutroom/core/accounts/accounts-runtime';
import { loadConfig, type Config } from '@cutroom/core/config/config';
import { openDatabase } from '@cutroom/core/db/client';
import { migrateDatabase } from '@cutroom/core/db/migrate';
import {
  describeDemoAccounts,
  hasNoUsers,
  seedDemoAccounts,
} from '@cutroom/core/demo/seed-demo-accounts';
import { createLogger } from '@cutroom/core/logging/logger';
import { createStorageFromEnv } from '@cutroom/core/storage/create-storage';
import type { Runtime } from './runtime';
import { getViewer } from './session';
import { createUploadServer } from './uploads';

/** Opens the database (applying pending migrations), the media storage and the logger. */
export async function createRuntime(config: Config = loadConfig()): Promise<Runtime> {
  const log = createLogger({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'db'),
  });
  await migrateDatabase(database);
  // A fresh install (no account yet) gets the demo accounts, their passwords shown once.
  if (config.SEED_DEMO && (await hasNoUsers(database.db))) {
    const demo = await seedDemoAccounts(database.db);
    if (demo.length > 0) process.stdout.write(`${describeDemoAccounts(demo, config.PUBLIC_URL)}\n`);
  }
  const accounts = await createAccounts({ config, db: database.db, log });
  const storage = createStorageFromEnv({ ...process.env, DATA_DIR: config.dataDir });
  const uploads = createUploadServer({
    directory: join(config.dataDir, 'uploads'),
    maxBytes: config.UPLOAD_MAX_BYTES,
    getViewer,
    log,
  });
  return { config, database, log, storage, uploads, accounts };
}
