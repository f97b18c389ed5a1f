// Run by scripts/make-upgrade-fixture.mjs inside a checkout of an earlier commit: makes a data
// folder (the embedded database, media and the site secret) and a server database with the
// community of community.ts, as that commit's code makes them. Only APIs every version since
// has are used here.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/client';
import { migrateDatabase } from '../../src/platform/db/migrate';
import { createStorage } from '../../src/platform/storage/create-storage';
import { makeCommunity } from './community';

const out = process.argv[2];
const serverUrl = process.env.FIXTURE_DATABASE_URL;
if (!out || !serverUrl) throw new Error('usage: FIXTURE_DATABASE_URL=... make-data.ts <out>');

async function countRows(handle: DatabaseHandle): Promise<Record<string, number>> {
  const client = handle.client as unknown as {
    query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  };
  const { rows } = await client.query(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const counted = await client.query(`select count(*)::int as n from public."${tablename}"`);
    counts[String(tablename)] = Number(counted.rows[0]!.n);
  }
  return counts;
}

const dataDir = join(out, 'data');
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
const embedded = await openDatabase({ dataDir: join(dataDir, 'db') });
await migrateDatabase(embedded);
await makeCommunity(embedded.db, createStorage(config));
const counts = await countRows(embedded);
const pglite = embedded.client as unknown as { exec: (sql: string) => Promise<unknown> };
await pglite.exec('CHECKPOINT');
await embedded.close();
writeFileSync(join(dataDir, 'auth-secret'), `${randomBytes(48).toString('base64url')}\n`, {
  mode: 0o600,
});

// The same community on a server database, dumped as plain SQL a client can replay.
const name = `cutroom_fixture_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  const server = await openDatabase({ url: url.toString() });
  await migrateDatabase(server);
  const scratch = loadConfig({ DATA_DIR: join(out, 'server-media'), NODE_ENV: 'test' });
  await makeCommunity(server.db, createStorage(scratch));
  const serverCounts = await countRows(server);
  await server.close();
  const dump = execFileSync(
    'pg_dump',
    ['--inserts', '--no-owner', '--no-privileges', '--no-comments', url.toString()],
    { maxBuffer: 64 * 1024 ** 2 },
  );
  writeFileSync(join(out, 'postgres.sql'), dump);
  writeFileSync(
    join(out, 'expected.json'),
    `${JSON.stringify({ counts, serverCounts }, null, 2)}\n`,
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
