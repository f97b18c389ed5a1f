import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/client';
import { migrateDatabase } from '../src/platform/db/migrate';
import { serverDatabaseName, withServerDatabase } from './server-database';

/**
 * Migrates one template database per run; each test file then copies it (testing/test-db.ts).
 * PGlite: a migrated data-directory dump on disk. Server: a template database beside
 * the one TEST_DATABASE_URL names.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // test.env reaches the test workers, not this process: read the project's own setting.
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    const template = `${serverDatabaseName(baseUrl)}_tmpl`;
    await withServerDatabase(baseUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
      await admin.query(`CREATE DATABASE "${template}"`);
      // Migrated once and thrown away after the run: no commit of it waits for the disk.
      await admin.query(`ALTER DATABASE "${template}" SET synchronous_commit = off`);
    }).catch((error: Error) => {
      throw new Error(
        `TEST_DATABASE_URL is set (${baseUrl}) but that PostgreSQL server does not answer or ` +
          `refuses (${error.message}): start it, or unset TEST_DATABASE_URL to test on PGlite only.`,
      );
    });
    const url = replaceDatabase(baseUrl, template);
    const handle = await openDatabase({ url, maxConnections: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('templateDatabaseUrl', url);
    return async () => {
      await withServerDatabase(baseUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`),
      );
    };
  }
  const handle = await openDatabase();
  await migrateDatabase(handle);
  const dump = await (handle.client as PGlite).dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDumpPath', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

export function replaceDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDumpPath: string;
    templateDatabaseUrl: string;
  }
}
