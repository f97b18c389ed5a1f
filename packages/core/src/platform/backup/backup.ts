import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config/config';
import { dataDirHolder, openDatabase } from '../db/client';
import { createStorage } from '../storage/create-storage';
import { StorageNotFoundError, type Storage } from '../storage/storage';
import { ArchiveWriter } from './archive';
import {
  appliedMigrations,
  countRows,
  digestTables,
  exportTables,
  type Queryable,
  type TablesExport,
} from './database-copy';
import { requestPgliteSnapshot, takePgliteSnapshot } from './pglite-snapshot';
import { siteVersion } from './site-version';

/** The archive's own format: a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 'cutroom-backup/1';

/** Where the embedded database and the made secret live in a data folder. */
export const pgliteDataDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'db');
export const authSecretFile = (config: Pick<Config, 'dataDir'>) =>
  join(config.dataDir, 'auth-secret');

export interface BackupManifest {
  format: string;
  /** The version of Cutroom that made it (package.json). */
  version: string;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** How many migrations the database had applied. */
  migrations: number;
  counts: Record<string, number>;
  digests: Record<string, string>;
  sequences?: Record<string, number>;
  media: { included: boolean; storage: 'local' | 's3'; objects: number; bytes: number };
  secrets: string[];
}

export type BackupProgress = (line: string) => void;

export interface BackupOptions {
  config: Config;
  /** The archive to write; it must not exist yet. */
  out: string;
  /** Leave media out (an S3 bucket kept by its own versioning, docs/operations.md). */
  skipMedia?: boolean;
  progress?: BackupProgress;
}

export interface BackupSummary {
  manifest: BackupManifest;
  bytes: number;
  ms: number;
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(2)} GB`
    : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** The database, read in one snapshot while the site goes on serving. */
async function backUpDatabase(
  config: Config,
  archive: ArchiveWriter,
  scratch: string,
  progress: BackupProgress,
): Promise<Pick<BackupManifest, 'engine' | 'migrations' | 'counts' | 'digests' | 'sequences'>> {
  const onTable = (table: string, rows: number) => progress(`  ${table}: ${rows} rows`);
  if (config.DATABASE_URL) {
    // One REPEATABLE READ transaction sees one moment of the whole database; the writes made
    // meanwhile go on beside it and are in the next backup.
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    let exported: TablesExport;
    try {
      await client.query('begin isolation level repeatable read read only');
      await client.query('set local statement_timeout = 0');
      await client.query('set local idle_in_transaction_session_timeout = 0');
      exported = await exportTables(client as unknown as Queryable, scratch, onTable);
      await client.query('commit');
    } finally {
      await client.end();
    }
    for (const [table, file] of Object.entries(exported.files)) {
      await archive.addFile(`database/tables/${table}.jsonl.gz`, file);
    }
    return {
      engine: 'postgres',
      migrations: exported.migrations,
      counts: exported.counts,
      digests: exported.digests,
      sequences: exported.sequences,
    };
  }

  const dataDir = pgliteDataDir(config);
  if (!existsSync(dataDir)) throw new Error(`There is no embedded database in ${dataDir}`);
  const holder = dataDirHolder(dataDir);
  let snapshot: string;
  if (holder !== null) {
    progress(`The site (process ${holder}) holds the database: asking it for a snapshot`);
    snapshot = await requestPgliteSnapshot(config.dataDir, holder);
  } else {
    const handle = await openDatabase({ dataDir });
    try {
      const dump = await takePgliteSnapshot(handle.client as PGlite);
      snapshot = join(scratch, 'pglite.tar.gz');
      writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await handle.close();
    }
  }
  try {
    // The copy is opened once here: an archive whose database does not open is no backup.
    const copy = await openDatabase({ loadDataDir: new Blob([readFileSync(snapshot)]) });
    let facts: Pick<BackupManifest, 'migrations' | 'counts' | 'digests'>;
    try {
      const db = copy.client as unknown as Queryable;
      facts = {
        migrations: await appliedMigrations(db),
        counts: await countRows(db),
        digests: await digestTables(db),
      };
    } finally {
      await copy.close();
    }
    await archive.addFile('database/pglite.tar.gz', snapshot);
    for (const [table, rows] of Object.entries(facts.counts)) onTable(table, rows);
    return { engine: 'pglite', ...facts };
  } finally {
    rmSync(snapshot, { force: true });
  }
}

/** Every media object, after the database: what the snapshot names was stored before it. */
async function backUpMedia(
  storage: Storage,
  archive: ArchiveWriter,
  progress: BackupProgress,
): Promise<{ objects: number; bytes: number }> {
  const objects = await storage.listAll();
  const total = objects.reduce((sum, object) => sum + object.size, 0);
  progress(`Media: ${objects.length} objects, ${formatBytes(total)}`);
  let done = 0;
  let bytes = 0;
  let shownAt = Date.now();
  for (const object of objects) {
    try {
      const local = storage.localPath?.(object.key);
      if (local) await archive.addFile(`media/${object.key}`, local);
      else {
        const stream = await storage.getStream(object.key);
        await archive.addStream(`media/${object.key}`, stream.size, stream.body);
      }
      done++;
      bytes += object.size;
    } catch (error) {
      // Removed since it was listed (its video deleted meanwhile): nothing to keep.
      const gone =
        error instanceof StorageNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT';
      if (!gone) throw error;
    }
    if (Date.now() - shownAt > 2000) {
      shownAt = Date.now();
      progress(
        `  ${done}/${objects.length} objects, ${formatBytes(bytes)} of ${formatBytes(total)}`,
      );
    }
  }
  return { objects: done, bytes };
}

/** The secret that signs sessions, links and media grants (AUTH_SECRET, or the one made). */
function readAuthSecret(config: Config): string | null {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = authSecretFile(config);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/**
 * `npm run backup`: one archive of everything a restore needs (docs/operations.md). The site
 * may keep serving: the database is read in one snapshot, media after it.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const started = Date.now();
  const progress = options.progress ?? (() => undefined);
  const { config } = options;
  if (existsSync(options.out)) throw new Error(`${options.out} exists already: name a new file`);
  const scratch = mkdtempSync(join(tmpdir(), 'cutroom-backup-'));
  const archive = new ArchiveWriter(options.out);
  try {
    progress(`Database (${config.DATABASE_URL ? 'PostgreSQL server' : 'embedded'})`);
    const database = await backUpDatabase(config, archive, scratch, progress);
    const storage = createStorage(config);
    const media = options.skipMedia
      ? { objects: 0, bytes: 0 }
      : await backUpMedia(storage, archive, progress);
    const secret = readAuthSecret(config);
    if (secret) await archive.addBytes('secrets/auth-secret', `${secret}\n`);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: siteVersion(),
      createdAt: new Date().toISOString(),
      ...database,
      media: { included: !options.skipMedia, storage: storage.kind, ...media },
      secrets: secret ? ['auth-secret'] : [],
    };
    await archive.finish(manifest);
    return { manifest, bytes: archive.bytesWritten, ms: Date.now() - started };
  } catch (error) {
    archive.abort();
    rmSync(options.out, { force: true });
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
