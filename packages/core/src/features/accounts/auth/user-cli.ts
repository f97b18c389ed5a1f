// `npm run user -- grant <email> <role>` and friends (see user-command.ts). Works on
// DATABASE_URL, or on the embedded database in DATA_DIR: with embedded PGlite, stop the site
// first, since only one process may open it.
import { join } from 'node:path';
import { isServiceError } from '../../../kernel/errors/service-error';
import { loadConfig } from '../../../platform/config/config';
import { openDatabase } from '../../../platform/db/client';
import { migrateDatabase } from '../../../platform/db/migrate';
import { runUserCommand } from './user-command';

const config = loadConfig();
const handle = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'db'),
});
let exitCode = 0;
try {
  await migrateDatabase(handle);
  // A command acts for no caller: the system clock.
  console.log(
    await runUserCommand({ db: handle.db, now: () => new Date() }, process.argv.slice(2)),
  );
} catch (error) {
  exitCode = 1;
  console.error(isServiceError(error) ? error.message : error);
} finally {
  await handle.close();
}
process.exit(exitCode);
