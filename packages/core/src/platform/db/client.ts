import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { guardPglite, guardPool, markTransactions } from './transaction-guard';

export type Schema = typeof schema;
/** The one database type services take: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The driver underneath: the PGlite instance, or the pg pool of the server. */
  client: PGlite | pg.Pool;
  /** Runs raw SQL (several statements allowed, no parameters): for set-up and tests. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests' migrated template). */
  loadDataDir?: Blob | File;
  /** Pool size for the PostgreSQL server. */
  maxConnections?: number;
  /**
   * How long a piece of work may wait for the database (PGlite's one connection, a free pooled
   * connection, a row lock on the server) before it fails with a clear error; 0: no limit.
   */
  waitLimitMs?: number;
  /** How long one statement may run on a PostgreSQL server (statement_timeout); 0: no limit. */
  statementTimeoutMs?: number;
  /**
   * Whether a use of the pool from inside a transaction's work fails at once on a PostgreSQL
   * server (docs/decisions/0037). PGlite always refuses it: there it would wait forever.
   */
  guardTransactions?: boolean;
  /**
   * PGlite's buffer cache (PostgreSQL's `shared_buffers`) in megabytes; PGlite's own default
   * (128) when absent. It lives in the WebAssembly memory, which grows and never shrinks.
   */
  sharedBuffersMb?: number;
}

/** The database's own deadlines when none are given (docs/faults.md). */
export const DATABASE_WAIT_LIMIT_MS = 10_000;
export const DATABASE_STATEMENT_TIMEOUT_MS = 60_000;

/** Opens the database: a PostgreSQL server when a URL is given, embedded PGlite otherwise. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const waitLimitMs = options.waitLimitMs ?? DATABASE_WAIT_LIMIT_MS;
    const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // Every wait has an end: for a free connection, a lock, a statement, a transaction left
      // open by work that stopped.
      connectionTimeoutMillis: waitLimitMs,
      ...(waitLimitMs > 0 ? { lock_timeout: waitLimitMs } : {}),
      ...(statementTimeoutMs > 0
        ? {
            statement_timeout: statementTimeoutMs,
            idle_in_transaction_session_timeout: statementTimeoutMs,
          }
        : {}),
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    markTransactions(db);
    if (options.guardTransactions ?? true) guardPool(pool);
    return {
      db,
      kind: 'postgres',
      client: pool,
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
      ...(options.sharedBuffersMb
        ? {
            startParams: [
              ...PGlite.defaultStartParams,
              '-c',
              `shared_buffers=${options.sharedBuffersMb}MB`,
            ],
          }
        : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  guardPglite(client, options.waitLimitMs ?? DATABASE_WAIT_LIMIT_MS);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  markTransactions(db);
  return {
    db,
    kind: 'pglite',
    client,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running process that holds the embedded database in `dataDir`, if one does. */
export function dataDirHolder(dataDir: string): number | null {
  let owner: number;
  try {
    owner = Number(readFileSync(join(dataDir, 'cutroom.lock'), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(owner) && owner > 0 && isRunning(owner) ? owner : null;
}

/**
 * PGlite has no guard of its own: two processes (or two handles) writing one data directory
 * corrupt it. A lock file names the owning process; one left by a process that is gone is
 * taken over. Answers the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'cutroom.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is open in another process (pid ${owner}). ` +
            'Stop it first; several processes need a PostgreSQL server (DATABASE_URL).',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}
