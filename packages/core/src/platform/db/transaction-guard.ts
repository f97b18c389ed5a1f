import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { databaseWait } from '../metrics/metrics';

/**
 * The guard of docs/decisions/0037: work inside a transaction that uses the database beside
 * it (another connection, or PGlite's one connection that the transaction itself holds) is the
 * class of defect that stopped the whole site. It fails at once, naming where the transaction
 * began and where the other use was made, instead of waiting forever.
 */

interface HeldTransaction {
  open: boolean;
  /** Made when the transaction began; its stack is read only when the guard fires. */
  began: Error;
}

const held = new AsyncLocalStorage<HeldTransaction>();

/** A use of the database from inside a transaction's work, not through that transaction. */
export class DatabaseUsedBesideTransactionError extends Error {
  constructor(began: Error) {
    const here = new Error('used here').stack?.split('\n').slice(2).join('\n') ?? '';
    const where = began.stack?.split('\n').slice(2).join('\n') ?? '';
    super(
      'The database was used beside the transaction that holds it, from inside that ' +
        "transaction's work (on the embedded database this would wait forever). Use the unit of " +
        "work's db, or make it an effect after commit (docs/decisions/0037).\n" +
        `The transaction began:\n${where}\nThe other use:\n${here}`,
    );
    this.name = 'DatabaseUsedBesideTransactionError';
  }
}

/** A wait for the database (its lock, or a free connection) that passed its limit. */
export class DatabaseWaitTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(
      `The database did not become free within ${waitedMs} ms (another piece of work holds it); ` +
        'the request was given up rather than left waiting',
    );
    this.name = 'DatabaseWaitTimeoutError';
  }
}

/**
 * What the current request waits for, if anything: noted while a piece of work waits for the
 * database, so a request past its deadline can say where it waited (docs/faults.md).
 */
export interface WaitNote {
  waitingFor?: string;
}
export const requestWaits = new AsyncLocalStorage<WaitNote>();

/** Notes what the request waits for until `work` settles. */
function noteWait<T>(what: string, work: Promise<T>): Promise<T> {
  const note = requestWaits.getStore();
  if (!note) return work;
  note.waitingFor = what;
  const clear = () => {
    if (note.waitingFor === what) note.waitingFor = undefined;
  };
  work.then(clear, clear);
  return work;
}

/** PostgreSQL's codes for a lock wait or a statement that passed its limit. */
const SERVER_TIMEOUT_CODES = new Set(['55P03', '57014', '25P03']);

/**
 * Whether an error (or its cause: Drizzle wraps the driver's) says the database was too busy:
 * a wait or statement past its limit, or no free connection in time. Such a request answers 503.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let at = error, depth = 0; at && depth < 5; at = (at as Error).cause, depth++) {
    if (at instanceof DatabaseWaitTimeoutError) return true;
    const { code, message } = at as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && SERVER_TIMEOUT_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      message.includes('timeout exceeded when trying to connect')
    ) {
      return true;
    }
  }
  return false;
}

function refuseInsideTransaction(): void {
  const transaction = held.getStore();
  if (transaction?.open) throw new DatabaseUsedBesideTransactionError(transaction.began);
}

/** Drizzle's `transaction`, on either driver, as the guard sees it. */
type BeginTransaction = (
  work: (tx: unknown) => Promise<unknown>,
  config?: unknown,
) => Promise<unknown>;

/** Marks the work of every transaction `db` (a Drizzle database) opens, for the guards below. */
export function markTransactions(db: object): void {
  const target = db as { transaction: BeginTransaction };
  const begin = target.transaction.bind(target);
  target.transaction = (work, config) => {
    const transaction: HeldTransaction = { open: true, began: new Error('began here') };
    return begin(
      (tx) =>
        held.run(transaction, async () => {
          try {
            return await work(tx);
          } finally {
            transaction.open = false;
          }
        }),
      config,
    );
  };
}

type ExclusiveRunner = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * PGlite: every query, exec and transaction takes one lock (`_runExclusiveTransaction`). A use
 * from inside a transaction's work fails at once; any other waits at most `waitLimitMs` for the
 * lock and then fails with a clear error (the work it would have run is skipped when the lock
 * comes).
 */
export function guardPglite(client: PGlite, waitLimitMs: number): void {
  const target = client as unknown as { _runExclusiveTransaction?: ExclusiveRunner };
  const runExclusive = target._runExclusiveTransaction?.bind(client);
  if (!runExclusive) throw new Error('This PGlite has no _runExclusiveTransaction to guard');
  target._runExclusiveTransaction = <T>(work: () => Promise<T>): Promise<T> => {
    try {
      refuseInsideTransaction();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const calledAt = performance.now();
    const timed = <R>(run: () => Promise<R>) => {
      databaseWait.observe((performance.now() - calledAt) / 1000);
      return run();
    };
    if (waitLimitMs <= 0) {
      return noteWait(
        'the embedded database',
        runExclusive(() => timed(work)),
      );
    }
    const waiting = new Promise<T>((resolve, reject) => {
      let state: 'waiting' | 'running' | 'abandoned' = 'waiting';
      const timer = setTimeout(() => {
        if (state !== 'waiting') return;
        state = 'abandoned';
        reject(new DatabaseWaitTimeoutError(waitLimitMs));
      }, waitLimitMs);
      runExclusive(async () => {
        if (state === 'abandoned') return undefined as T;
        state = 'running';
        clearTimeout(timer);
        return timed(work);
      }).then(
        (value) => {
          if (state === 'running') resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (state !== 'abandoned') reject(error as Error);
        },
      );
    });
    return noteWait('the embedded database', waiting);
  };
}

/**
 * A PostgreSQL pool: a query or a connection taken from inside a transaction's work fails at
 * once (it is another connection: it cannot see the transaction's rows, commits on its own, and
 * with the pool full it waits for itself).
 */
export function guardPool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    refuseInsideTransaction();
    const answer = query(...args);
    return answer instanceof Promise ? noteWait('a PostgreSQL query', answer) : answer;
  };
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    refuseInsideTransaction();
    const calledAt = performance.now();
    const answer = connect(...args);
    if (!(answer instanceof Promise)) return answer;
    const timed = answer.then((client: unknown) => {
      databaseWait.observe((performance.now() - calledAt) / 1000);
      return client;
    });
    return noteWait('a PostgreSQL connection', timed);
  };
}
