// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// in DATA_DIR. With embedded PGlite, stop the site first: only one process may open it.
import { join } from 'node:path';
import { loadConfig } from '../config/config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const handle = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'db'),
});
await migrateDatabase(handle);
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
