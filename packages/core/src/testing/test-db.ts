import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../db/client';
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
  if (kind === 'postgres') {
    const templateUrl = inject('templateDatabaseUrl');
    const template = serverDatabaseName(templateUrl);
    const name = `${template.replace(/_tmpl$/, '')}_${randomBytes(4).toString('hex')}`;
    await withServerDatabase(templateUrl, (admin) =>
      admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`),
    );
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
