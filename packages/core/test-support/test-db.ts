import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, inject } from 'vitest';
import {
  openDatabase,
  type DatabaseHandle,
  type OpenDatabaseOptions,
} from '../src/platform/db/client';
import { replaceDatabase } from './global-setup';
import { serverDatabaseName, withServerDatabase } from './server-database';

/**
 * A fresh, migrated database for one test file: a PGlite copy of the template, or on the
 * server a new database made from the template. Closed and dropped after the file's tests.
 */
export async function createTestDatabase(
  options: Pick<OpenDatabaseOptions, 'waitLimitMs' | 'statementTimeoutMs'> = {},
): Promise<DatabaseHandle> {
  const kind = process.env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'none') {
    // The `domain` project runs `*.nodb.test.ts` files once, not once per engine (README.md,
    // Testing): a file that opens a database is named `*.test.ts`.
    throw new Error(
      'This test file opens a database but is named *.nodb.test.ts: rename it *.test.ts so ' +
        'that it runs on every database engine.',
    );
  }
  if (kind === 'postgres') {
    const templateUrl = inject('templateDatabaseUrl');
    const template = serverDatabaseName(templateUrl);
    const name = `${template.replace(/_tmpl$/, '')}_${randomBytes(4).toString('hex')}`;
    await withServerDatabase(templateUrl, async (admin) => {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      // A test database is thrown away after its file: its commits need not wait for the disk
      // (what other connections see is the same; only a crash of the server could lose them).
      await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
    });
    const handle = await openDatabase({
      url: replaceDatabase(templateUrl, name),
      maxConnections: 4,
      ...options,
    });
    afterAll(async () => {
      await handle.close();
      await withServerDatabase(templateUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    });
    return handle;
  }
  const dump = readFileSync(inject('templateDumpPath'));
  const handle = await openDatabase({ loadDataDir: new Blob([dump]), ...options });
  afterAll(() => handle.close());
  return handle;
}
