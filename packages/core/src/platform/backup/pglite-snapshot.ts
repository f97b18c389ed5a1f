import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../logging/logger';

/**
 * A consistent copy of the embedded database, taken while the site serves. PGlite belongs to
 * the one process that opened it, so `npm run backup` asks that process for the copy: it
 * leaves a request file in DATA_DIR/snapshots, and the site answers with the data directory
 * as a gzipped tar, made between two transactions (no other work runs on PGlite's one
 * connection meanwhile; the copy takes about a second per 100 MB of database).
 */

/** The folder requests and answers pass through. */
export const snapshotFolder = (dataDir: string) => join(dataDir, 'snapshots');

const REQUEST = /^request-([a-z0-9]{16})$/;
const answerPath = (folder: string, id: string) => join(folder, `snapshot-${id}.tar.gz`);
const failurePath = (folder: string, id: string) => join(folder, `failed-${id}.txt`);

/**
 * The data directory as a gzipped tar: a checkpoint first (so opening the copy replays little),
 * then the copy, taken while PGlite runs no transaction.
 */
export async function takePgliteSnapshot(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  let dump: Blob | undefined;
  await client.transaction(async () => {
    dump = await client.dumpDataDir('gzip');
  });
  return dump!;
}

/** How often the site looks for a request: a second (a directory read). */
const POLL_MS = 1000;

/**
 * Answers snapshot requests in this process when it holds the embedded database (nothing to
 * do on a server: the backup reads it itself); answers the stop.
 */
export function answerSnapshotRequests(options: {
  database: DatabaseHandle;
  dataDir: string;
  log: Pick<Logger, 'info' | 'error'>;
}): () => void {
  if (options.database.kind !== 'pglite') return () => undefined;
  const client = options.database.client as PGlite;
  const folder = snapshotFolder(options.dataDir);
  let busy = false;
  const answer = async (id: string) => {
    const started = Date.now();
    try {
      const dump = await takePgliteSnapshot(client);
      const part = `${answerPath(folder, id)}.part`;
      await writeFile(part, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      renameSync(part, answerPath(folder, id));
      options.log.info({ ms: Date.now() - started, bytes: dump.size }, 'database snapshot taken');
    } catch (error) {
      options.log.error({ err: error }, 'database snapshot failed');
      await writeFile(failurePath(folder, id), (error as Error).message).catch(() => undefined);
    }
  };
  const look = () => {
    if (busy || !existsSync(folder)) return;
    const ids = readdirSync(folder).flatMap((name) => REQUEST.exec(name)?.[1] ?? []);
    if (ids.length === 0) return;
    busy = true;
    void (async () => {
      for (const id of ids) {
        rmSync(join(folder, `request-${id}`), { force: true });
        await answer(id);
      }
    })().finally(() => (busy = false));
  };
  const timer = setInterval(look, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Asks the process holding the embedded database for a snapshot and waits for it (at most
 * `timeoutMs`); answers the path of the gzipped tar, which the caller removes.
 */
export async function requestPgliteSnapshot(
  dataDir: string,
  holder: number,
  timeoutMs = 120_000,
): Promise<string> {
  const folder = snapshotFolder(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const id = randomBytes(8).toString('hex');
  await writeFile(join(folder, `request-${id}`), String(process.pid));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(answerPath(folder, id))) return answerPath(folder, id);
    if (existsSync(failurePath(folder, id))) {
      const reason = readFileSync(failurePath(folder, id), 'utf8');
      rmSync(failurePath(folder, id), { force: true });
      throw new Error(`The site could not copy its database: ${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  rmSync(join(folder, `request-${id}`), { force: true });
  throw new Error(
    `The site (process ${holder}) holds the embedded database but did not answer the backup's ` +
      `request within ${Math.round(timeoutMs / 1000)} s. If it runs a version without backups, ` +
      'stop it and run the backup again (it then reads the database itself).',
  );
}
