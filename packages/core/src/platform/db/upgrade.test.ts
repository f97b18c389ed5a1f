import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { verifyPassword } from 'better-auth/crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { replaceDatabase } from '../../../test-support/global-setup';
import { withServerDatabase } from '../../../test-support/server-database';
import { openDatabase, type DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { accounts, users, videos } from './schema';

// Every release keeps a fixture of the data its code made (scripts/make-upgrade-fixture.mjs,
// docs/operations.md): each must open with the code as it is now, migrations applied, nothing
// lost, every video still playable.

const fixturesFolder = new URL('../../../test-support/upgrade/fixtures/', import.meta.url).pathname;
const fixtures = readdirSync(fixturesFolder).sort();
const isServer = process.env.TEST_DB_KIND === 'postgres';
const knownMigrations = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
const scratch = mkdtempSync(join(tmpdir(), 'cutroom-upgrade-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

/** The fixture's data folder, unpacked. */
function unpack(fixture: string): string {
  const dataDir = join(scratch, fixture);
  execFileSync('mkdir', ['-p', dataDir]);
  execFileSync('tar', ['-xzf', join(fixturesFolder, fixture, 'data.tar.gz'), '-C', dataDir]);
  return dataDir;
}

async function counts(handle: DatabaseHandle, tables: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  const client = handle.client as unknown as {
    query: (text: string) => Promise<{ rows: { n: number }[] }>;
  };
  for (const table of tables) {
    const { rows } = await client.query(`select count(*)::int as n from public."${table}"`);
    found[table] = rows[0]!.n;
  }
  return found;
}

/** Every file a video's master playlist leads to is there, and ffprobe reads the stream. */
function expectPlayable(mediaDir: string, masterKey: string) {
  const master = join(mediaDir, masterKey);
  const folder = master.slice(0, master.lastIndexOf('/'));
  for (const line of readFileSync(master, 'utf8').split('\n')) {
    if (!line.endsWith('.m3u8')) continue;
    const playlist = join(folder, line);
    for (const segment of readFileSync(playlist, 'utf8').split('\n')) {
      if (segment && !segment.startsWith('#')) expect(existsSync(join(folder, segment))).toBe(true);
    }
  }
  const probed = execFileSync('ffprobe', [
    ...['-v', 'error', '-protocol_whitelist', 'file', '-show_entries', 'stream=codec_name'],
    ...['-of', 'csv=p=0', master],
  ]).toString();
  expect(probed).toContain('h264');
}

describe.each(fixtures)('the data of %s, opened by this version', (fixture) => {
  const expected = JSON.parse(
    readFileSync(join(fixturesFolder, fixture, 'expected.json'), 'utf8'),
  ) as { counts: Record<string, number>; serverCounts: Record<string, number> };

  it('migrates, keeps every row, signs members in and plays every video', async () => {
    const dataDir = unpack(fixture);
    let handle: DatabaseHandle;
    let want: Record<string, number>;
    if (isServer) {
      const base = inject('templateDatabaseUrl');
      const name = `cutroom_upgrade_${randomBytes(4).toString('hex')}`;
      await withServerDatabase(base, (admin) => admin.query(`CREATE DATABASE "${name}"`));
      cleanups.push(() =>
        withServerDatabase(base, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        ),
      );
      const url = replaceDatabase(base, name);
      // The dump sets its own search path: it is replayed on a connection of its own.
      const loader = new pg.Client({ connectionString: url });
      await loader.connect();
      await loader.query(
        gunzipSync(readFileSync(join(fixturesFolder, fixture, 'postgres.sql.gz'))).toString(),
      );
      await loader.end();
      handle = await openDatabase({ url });
      want = expected.serverCounts;
    } else {
      handle = await openDatabase({ dataDir: join(dataDir, 'db') });
      want = expected.counts;
    }
    cleanups.unshift(() => handle.close());
    await migrateDatabase(handle);

    const applied = (await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(applied.rows[0]!.n).toBe(knownMigrations);
    expect(await counts(handle, Object.keys(want))).toEqual(want);

    const [alice] = await handle.db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.username, 'alice'));
    expect(await verifyPassword({ hash: alice!.hash!, password: 'alice-password-1' })).toBe(true);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim().length).toBeGreaterThan(32);

    const playable = await handle.db
      .select({ master: videos.masterPlaylistKey })
      .from(videos)
      .where(isNotNull(videos.masterPlaylistKey));
    expect(playable.length).toBeGreaterThan(0);
    for (const video of playable) expectPlayable(join(dataDir, 'media'), video.master!);
  });
});

describe('the fixtures', () => {
  it('include one of the latest release (CHANGELOG.md and package.json)', () => {
    const changelog = readFileSync(new URL('../../../../../CHANGELOG.md', import.meta.url), 'utf8');
    const latest = /^## \[(\d+\.\d+\.\d+)\]/m.exec(changelog)?.[1];
    const pkg = JSON.parse(
      readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(pkg.version).toBe(latest);
    expect(fixtures).toContain(latest);
  });
});
