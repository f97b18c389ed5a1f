import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Config } from '../config/config';
import { dataDirHolder, openDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../db/migrate';
import { createStorage } from '../storage/create-storage';
import { readArchive, verifyArchive, type ArchiveEntry } from './archive';
import {
  BACKUP_FORMAT,
  authSecretFile,
  createBackup,
  pgliteDataDir,
  type BackupManifest,
  type BackupProgress,
} from './backup';
import {
  digestTables,
  exportTables,
  isEmptyDatabase,
  loadTable,
  migrateTo,
  restoreSequences,
  tableLines,
  type Queryable,
} from './database-copy';
import { compareVersions, siteVersion } from './site-version';

/** A restore that was refused before anything was changed. */
export class RestoreRefusedError extends Error {
  constructor(reason: string) {
    super(`${reason}. Nothing was changed.`);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreOptions {
  config: Config;
  archive: string;
  /** The database alone: media and the secret stay where they are (a move to a server). */
  databaseOnly?: boolean;
  progress?: BackupProgress;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  ms: number;
  /** Set when AUTH_SECRET is configured and differs from the archived site's secret. */
  secretWarning?: string;
}

/** How many migrations this version of the code knows. */
function knownMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** Refuses an archive this code cannot take. */
function checkManifest(manifest: Record<string, unknown>): BackupManifest {
  if (manifest.format !== BACKUP_FORMAT) {
    throw new RestoreRefusedError(
      `This is not a Cutroom backup this version reads (format ${String(manifest.format)})`,
    );
  }
  const backup = manifest as unknown as BackupManifest;
  const version = siteVersion();
  if (compareVersions(backup.version, version) > 0 || backup.migrations > knownMigrations()) {
    throw new RestoreRefusedError(
      `The archive was made by a newer version of Cutroom (${backup.version}, ` +
        `${backup.migrations} migrations) than this one (${version}, ${knownMigrations()} ` +
        'migrations): upgrade this installation first, then restore',
    );
  }
  return backup;
}

async function openTarget(config: Config, loadDataDir?: Blob): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : pgliteDataDir(config),
    loadDataDir,
    waitLimitMs: 0,
    statementTimeoutMs: 0,
    guardTransactions: false,
  });
}

/** Refuses a target that holds anything: a database, media or a secret of another site. */
async function checkEmptyTarget(
  config: Config,
  manifest: BackupManifest,
  databaseOnly: boolean,
): Promise<void> {
  const dbDir = pgliteDataDir(config);
  if (config.DATABASE_URL) {
    const handle = await openTarget(config);
    try {
      if (!(await isEmptyDatabase(handle.client as unknown as Queryable))) {
        throw new RestoreRefusedError(
          'The database at DATABASE_URL is not empty: restore into a new, empty database',
        );
      }
    } finally {
      await handle.close();
    }
  } else if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
    throw new RestoreRefusedError(
      `The data folder already holds a database (${dbDir}): restore into an empty DATA_DIR`,
    );
  }
  if (databaseOnly) return;
  if (manifest.media.included) {
    const objects = await createStorage(config).listAll();
    if (objects.length > 0) {
      throw new RestoreRefusedError(
        `The media storage already holds ${objects.length} objects: restore into an empty ` +
          (config.S3_BUCKET ? 'bucket (or key prefix)' : 'media folder'),
      );
    }
  }
  if (manifest.secrets.includes('auth-secret') && existsSync(authSecretFile(config))) {
    throw new RestoreRefusedError(
      `The data folder already has a site secret (${authSecretFile(config)}): restore into an ` +
        'empty DATA_DIR',
    );
  }
}

/** Loads the tables (lines of row JSON) into an empty target, at the archive's migration. */
async function loadTables(
  handle: DatabaseHandle,
  manifest: BackupManifest,
  files: Record<string, string>,
  sequences: Record<string, number>,
  progress: BackupProgress,
): Promise<void> {
  progress(`  migrating the empty database to the archive's ${manifest.migrations} migrations`);
  await migrateTo(handle, manifest.migrations);
  progress('  migrated');
  const load = async (db: Queryable) => {
    // References between tables are checked when written; the rows of a consistent snapshot
    // satisfy them, in whatever order they come.
    await db.query('set local session_replication_role = replica');
    for (const [table, file] of Object.entries(files)) {
      const rows = await loadTable(db, table, tableLines(file));
      progress(`  ${table}: ${rows} rows`);
    }
    await restoreSequences(db, sequences);
  };
  if (handle.kind === 'pglite') {
    await (handle.client as PGlite).transaction((tx) => load(tx as unknown as Queryable));
  } else {
    const client = await (handle.client as pg.Pool).connect();
    try {
      await client.query('begin');
      await load(client as unknown as Queryable);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/** Checks the restored rows against the digests the backup took of them. */
async function checkDigests(handle: DatabaseHandle, manifest: BackupManifest): Promise<void> {
  const digests = await digestTables(handle.client as unknown as Queryable);
  const differing = Object.keys(manifest.digests).filter(
    (table) => digests[table] !== manifest.digests[table],
  );
  if (differing.length > 0) {
    throw new Error(`The restored rows differ from the backup's in: ${differing.join(', ')}`);
  }
}

/**
 * `npm run restore <archive>`: brings a backup back into the configured site (DATA_DIR or
 * DATABASE_URL, the media folder or bucket), which must be empty. A damaged archive, one from
 * a newer version or a target that holds anything is refused before anything is written.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const progress = options.progress ?? (() => undefined);
  const { config } = options;
  progress(`Checking ${options.archive}`);
  const manifest = checkManifest(await verifyArchive(options.archive));
  await checkEmptyTarget(config, manifest, options.databaseOnly ?? false);

  const scratch = mkdtempSync(join(tmpdir(), 'cutroom-restore-'));
  try {
    const storage = createStorage(config);
    const tables: Record<string, string> = {};
    let pgliteDump: string | null = null;
    let sequences: Record<string, number> = manifest.sequences ?? {};
    let secret: string | null = null;
    let mediaObjects = 0;
    const entries = (manifest as unknown as { entries: Record<string, ArchiveEntry> }).entries;
    progress('Reading the archive');
    await readArchive(
      options.archive,
      async (name, body) => {
        if (name.startsWith('media/')) {
          if (options.databaseOnly) return;
          await storage.putStream(name.slice('media/'.length), body);
          if (++mediaObjects % 200 === 0) progress(`  ${mediaObjects} media objects`);
        } else if (name.startsWith('database/tables/')) {
          const table = name.slice('database/tables/'.length).replace(/\.jsonl\.gz$/, '');
          tables[table] = join(scratch, `${table}.jsonl.gz`);
          await pipeline(body, createWriteStream(tables[table]));
        } else if (name === 'database/pglite.tar.gz') {
          pgliteDump = join(scratch, 'pglite.tar.gz');
          await pipeline(body, createWriteStream(pgliteDump));
        } else if (name === 'secrets/auth-secret') {
          const chunks: Buffer[] = [];
          for await (const chunk of body) chunks.push(chunk as Buffer);
          secret = Buffer.concat(chunks).toString('utf8').trim();
        }
      },
      entries,
    );
    progress(`Media: ${mediaObjects} objects`);

    progress('Database');
    if (pgliteDump && !config.DATABASE_URL) {
      // Embedded into embedded: the data directory as it was.
      const handle = await openTarget(config, new Blob([readFileSync(pgliteDump)]));
      try {
        await checkDigests(handle, manifest);
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
    } else {
      if (pgliteDump) {
        // Embedded into a server: the copy is opened here and read as rows.
        progress('  opening the embedded copy to read its rows');
        const copy = await openDatabase({ loadDataDir: new Blob([readFileSync(pgliteDump)]) });
        try {
          const exported = await (copy.client as PGlite).transaction((tx) =>
            exportTables(tx as unknown as Queryable, scratch),
          );
          Object.assign(tables, exported.files);
          sequences = exported.sequences;
        } finally {
          await copy.close();
        }
      }
      progress('  loading the rows');
      const handle = await openTarget(config);
      try {
        await loadTables(handle, manifest, tables, sequences, progress);
        await checkDigests(handle, manifest);
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
    }

    let secretWarning: string | undefined;
    if (secret !== null && !options.databaseOnly) {
      if (config.AUTH_SECRET && config.AUTH_SECRET !== secret) {
        secretWarning =
          'AUTH_SECRET is set to another value than the archived site used: members sign in ' +
          "with their passwords, but their sessions and the site's links are refused until " +
          'AUTH_SECRET is set to the archived value (in DATA_DIR/auth-secret)';
      }
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(authSecretFile(config), `${secret}\n`, { mode: 0o600 });
    }
    return { manifest, ms: Date.now() - started, secretWarning };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `npm run db:move-to-server -- <postgres url>`: the embedded database of a stopped site copied
 * onto an empty PostgreSQL server database; media and the secret stay where they are
 * (docs/operations.md, Moving to a server). Then set DATABASE_URL (and AUTH_SECRET) and start.
 */
export async function moveToServer(options: {
  config: Config;
  url: string;
  progress?: BackupProgress;
}): Promise<RestoreSummary> {
  const { config } = options;
  if (config.DATABASE_URL) {
    throw new RestoreRefusedError('DATABASE_URL is set already: this site is on a server');
  }
  const holder = dataDirHolder(pgliteDataDir(config));
  if (holder !== null) {
    throw new RestoreRefusedError(
      `The site (process ${holder}) is running: stop it first, so that nothing is written after ` +
        'the copy',
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), 'cutroom-move-'));
  try {
    const archive = join(scratch, 'move.tar');
    await createBackup({ config, out: archive, skipMedia: true, progress: options.progress });
    return await restoreBackup({
      config: { ...config, DATABASE_URL: options.url },
      archive,
      databaseOnly: true,
      progress: options.progress,
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
