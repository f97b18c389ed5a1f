// `npm run db:move-to-server -- <postgres url>`: the stopped site's embedded database onto an
// empty PostgreSQL database (docs/operations.md, Moving from the embedded database to a server).
import { loadConfig } from '../config/config';
import { moveToServer } from './restore';

const url = process.argv[2];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Name the empty server database: npm run db:move-to-server -- postgres://...');
  process.exit(2);
}
try {
  const summary = await moveToServer({
    config: loadConfig(),
    url,
    progress: (line) => console.log(line),
  });
  const rows = Object.values(summary.manifest.counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Moved ${rows} rows in ${(summary.ms / 1000).toFixed(1)} s. Now set DATABASE_URL=${url} ` +
      '(and AUTH_SECRET to the content of DATA_DIR/auth-secret on every node) and start the site.',
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
