import { createReadStream, createWriteStream } from 'node:fs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../db/migrate';

/**
 * The database as rows, the same on either engine: each table of the `public` schema as lines
 * of `row_to_json`, read in one snapshot, and loaded back with `json_populate_recordset` into
 * a database migrated to the same migration. The job queue's own schema (pg-boss) is not
 * carried: a restored site starts its queue afresh (docs/operations.md).
 */

/** What runs SQL on one connection: a pg client, PGlite or a PGlite transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableName = (name: string) => `public.${quoted(name)}`;

/** The tables a backup carries, by name. */
export async function listTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** How many migrations the database has applied (drizzle's own table). */
export async function appliedMigrations(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!rows[0]?.exists) return 0;
  const counted = await db.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return counted.rows[0]?.n ?? 0;
}

/** Each table's rows, counted. */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${tableName(table)}`,
    );
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * A digest of each table's contents (every row as JSON, in a fixed order): equal digests mean
 * equal rows, on either engine.
 */
export async function digestTables(db: Queryable): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await listTables(db)) {
    const { rows } = await db.query<{ digest: string | null }>(
      `select md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) as digest
       from (select row_to_json(t)::text as r from ${tableName(table)} t) rows`,
    );
    digests[table] = rows[0]?.digest ?? '';
  }
  return digests;
}

/** The sequences' positions, so ids handed out after a restore do not repeat. */
async function readSequences(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences
     where schemaname = 'public'`,
  );
  const positions: Record<string, number> = {};
  for (const row of rows) if (row.value !== null) positions[row.name] = Number(row.value);
  return positions;
}

export interface TablesExport {
  /** A gzipped file of lines per table, in a folder of the caller's. */
  files: Record<string, string>;
  counts: Record<string, number>;
  digests: Record<string, string>;
  sequences: Record<string, number>;
  migrations: number;
}

const BATCH_ROWS = 2000;

/**
 * Writes every table to `folder`, reading through `db`, which must hold one snapshot for the
 * whole export (a REPEATABLE READ transaction, or a database nobody else writes).
 */
export async function exportTables(
  db: Queryable,
  folder: string,
  progress: (table: string, rows: number) => void = () => undefined,
): Promise<TablesExport> {
  const files: Record<string, string> = {};
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const file = join(folder, `${table}.jsonl.gz`);
    const cursor = `backup_${table}`.slice(0, 60);
    await db.query(
      `declare ${quoted(cursor)} no scroll cursor for
       select row_to_json(t)::text as r from ${tableName(table)} t`,
    );
    let count = 0;
    async function* lines() {
      for (;;) {
        const { rows } = await db.query<{ r: string }>(
          `fetch ${BATCH_ROWS} from ${quoted(cursor)}`,
        );
        if (rows.length === 0) break;
        count += rows.length;
        yield `${rows.map((row) => row.r).join('\n')}\n`;
      }
    }
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
    await db.query(`close ${quoted(cursor)}`);
    files[table] = file;
    counts[table] = count;
    progress(table, count);
  }
  return {
    files,
    counts,
    digests: await digestTables(db),
    sequences: await readSequences(db),
    migrations: await appliedMigrations(db),
  };
}

/**
 * A copy of the migrations folder that stops after the first `count` migrations, so a
 * database can be brought to the migration an archive was made at.
 */
function migrationsUpTo(count: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'cutroom-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Brings an empty database to the first `count` migrations. */
export async function migrateTo(handle: DatabaseHandle, count: number): Promise<void> {
  const upTo = migrationsUpTo(count);
  try {
    await migrateDatabase(handle, upTo.folder);
  } finally {
    upTo.remove();
  }
}

/** A table's columns a row may be written to (generated ones are made by the database). */
async function writableColumns(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** The lines of one gzipped table file (a file, or an archive entry's stream). */
export async function* tableLines(source: string | Readable): AsyncIterable<string> {
  // Opened when first read: a reader made earlier could finish (and close) before the loop
  // that reads it begins, and the loop would then wait forever.
  const input = typeof source === 'string' ? createReadStream(source) : source;
  yield* createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity });
}

const LOAD_BATCH_ROWS = 500;

/**
 * Loads one table's rows (lines of row JSON) inside the caller's transaction, whose
 * `session_replication_role` is `replica` so that references between tables need no order.
 */
export async function loadTable(
  db: Queryable,
  table: string,
  lines: AsyncIterable<string>,
): Promise<number> {
  const columns = (await writableColumns(db, table)).map(quoted).join(', ');
  const insert =
    `insert into ${tableName(table)} (${columns}) overriding system value ` +
    `select ${columns} from json_populate_recordset(null::${tableName(table)}, $1::json)`;
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.query(insert, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (line.length === 0) continue;
    batch.push(line);
    if (batch.length >= LOAD_BATCH_ROWS) await flush();
  }
  await flush();
  return count;
}

/** Sets each sequence to where the archive left it. */
export async function restoreSequences(
  db: Queryable,
  positions: Record<string, number>,
): Promise<void> {
  for (const [name, value] of Object.entries(positions)) {
    await db.query(`select setval($1::regclass, $2, true)`, [tableName(name), value]);
  }
}

/** Whether a database holds nothing of a site: no table of ours, no migration, no queue. */
export async function isEmptyDatabase(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p')`,
  );
  return (rows[0]?.n ?? 0) === 0;
}
