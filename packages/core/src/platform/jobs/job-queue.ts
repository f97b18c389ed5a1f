import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type Db,
  type DrizzleTransactionLike,
  type OffWorkOptions,
  type WorkHandlerFor,
  type WorkOptions,
} from 'pg-boss';
import type pg from 'pg';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import type { UnitOfWork } from '../db/unit-of-work';
import { SERVER_LOCKS, whileHoldingServerLock } from '../db/server-lock';
import type { JobDefinition } from './job-definitions';

export type { JobWithMetadata } from 'pg-boss';

/** pg-boss on the unit's open transaction, so the job exists only if the work commits. */
const onTransaction = (unit: UnitOfWork | undefined) =>
  unit?.inTransaction ? { db: fromDrizzle(unit.db as unknown as DrizzleTransactionLike, sql) } : {};

/**
 * How often an idle worker asks the database for jobs (seconds). A job sent from this process
 * wakes this process's workers of its queue itself, once its transaction has committed or when
 * it falls due, so polling is left to find jobs that other processes sent: each poll is a query,
 * and polls every second or two kept an idle embedded site at a fifth of a core (docs/media.md).
 */
export const IDLE_POLL_SECONDS = 10;

export interface JobQueueOptions {
  /** How often pg-boss looks for expired claims and stale heartbeats (seconds). */
  superviseIntervalSeconds?: number;
  /** Run pg-boss's maintenance from this process (default true). */
  supervise?: boolean;
  schema?: string;
}

/**
 * The job queue: pg-boss on the application's own database. On PGlite it shares the single
 * in-process instance (one process only); on a PostgreSQL server it uses the same pool.
 */
export class JobQueue {
  readonly boss: PgBoss;
  readonly #definitions = new Map<string, JobDefinition<z.ZodType>>();
  /** This process's workers, by queue: a job sent from here wakes them. */
  readonly #workers = new Map<string, Set<string>>();
  /** Wake-ups waiting for a delayed job to fall due; cleared on stop. */
  readonly #dueTimers = new Set<NodeJS.Timeout>();

  private constructor(boss: PgBoss) {
    this.boss = boss;
  }

  static async start(
    handle: DatabaseHandle,
    definitions: JobDefinition<z.ZodType>[],
    options: JobQueueOptions = {},
  ): Promise<JobQueue> {
    const supervisePeriod = options.superviseIntervalSeconds ?? 10;
    const config: ConstructorOptions = {
      schema: options.schema ?? 'pgboss',
      supervise: options.supervise ?? true,
      // Stale heartbeats are found on these passes: a dead worker's job is retried within
      // heartbeatSeconds plus this.
      superviseIntervalSeconds: supervisePeriod,
      monitorIntervalSeconds: supervisePeriod,
    };
    const client = (handle.db as unknown as { $client: unknown }).$client;
    const boss =
      handle.kind === 'pglite'
        ? new PgBoss({ ...config, db: fromPglite(client as PGlite), backend: 'pglite' })
        : new PgBoss({ ...config, db: fromPgPool(client as pg.Pool) });
    // pg-boss reports background errors (a lost connection during a poll) as events; without a
    // listener EventEmitter would throw them. The next poll retries.
    boss.on('error', () => undefined);
    const queue = new JobQueue(boss);
    const install = async () => {
      await boss.start();
      for (const definition of definitions) await queue.ensureQueue(definition);
    };
    // On a server, processes starting together take turns: pg-boss's own lock does not keep
    // two first starts from creating its schema side by side ("duplicate key value ...").
    if (handle.kind === 'pglite') await install();
    else await whileHoldingServerLock(client as pg.Pool, SERVER_LOCKS.jobQueueSchema, install);
    return queue;
  }

  async ensureQueue(definition: JobDefinition<z.ZodType>): Promise<void> {
    const s = definition.settings;
    const options = {
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds,
      expireInSeconds: s.expireInSeconds,
      ...(s.heartbeatSeconds > 0 ? { heartbeatSeconds: s.heartbeatSeconds } : {}),
      ...(s.deadLetter ? { deadLetter: s.deadLetter } : {}),
    };
    const existing = await this.boss.getQueue(definition.name);
    if (!existing) await this.boss.createQueue(definition.name, options);
    else {
      await this.boss.updateQueue(definition.name, {
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelay,
        expireInSeconds: options.expireInSeconds,
        heartbeatSeconds: s.heartbeatSeconds > 0 ? s.heartbeatSeconds : null,
      });
    }
    this.#definitions.set(definition.name, definition);
    // pg-boss looks a queue up in its cache on send, through its own connection when missing.
    // Inside a caller's PGlite transaction (one connection) that lookup would wait for the
    // transaction itself: a deadlock. A lookup by id caches the queue now, outside any.
    await this.boss.getJobById(definition.name, '00000000-0000-4000-8000-000000000000');
  }

  /**
   * Enqueues a job after checking its payload. Given a unit of work in a transaction, the job
   * is inserted on that transaction and exists only if it commits (docs/decisions/0037).
   */
  async send<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options: { on?: UnitOfWork; id?: string; startAfterSeconds?: number; startAt?: Date } = {},
  ): Promise<string> {
    const data = definition.schema.parse(payload) as object;
    const startAfter = options.startAt ?? options.startAfterSeconds;
    const id = await this.boss.send(definition.name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(startAfter ? { startAfter } : {}),
      ...onTransaction(options.on),
    });
    if (!id) throw new Error(`The queue refused a ${definition.name} job`);
    const dueInSeconds = options.startAt
      ? (options.startAt.getTime() - Date.now()) / 1000
      : (options.startAfterSeconds ?? 0);
    const wake = () => this.#wake(definition.name, dueInSeconds);
    if (options.on?.inTransaction) await options.on.afterCommit(`wake ${definition.name}`, wake);
    else wake();
    return id;
  }

  /**
   * Has a worker of this process take `definition`'s jobs (pg-boss's `work`), polling every
   * IDLE_POLL_SECONDS unless `options` says otherwise, and woken at once by this process's sends.
   */
  async work<ReqData, const O extends WorkOptions = WorkOptions>(
    definition: JobDefinition<z.ZodType>,
    options: O,
    handler: WorkHandlerFor<O, ReqData>,
  ): Promise<string> {
    const polling = { pollingIntervalSeconds: IDLE_POLL_SECONDS, ...options } as O;
    const id = await this.boss.work<ReqData, unknown, O>(definition.name, polling, handler);
    const workers = this.#workers.get(definition.name) ?? new Set<string>();
    workers.add(id);
    this.#workers.set(definition.name, workers);
    return id;
  }

  /** Stops this process's workers of `definition` (pg-boss's `offWork`). */
  async offWork(definition: JobDefinition<z.ZodType>, options?: OffWorkOptions): Promise<void> {
    this.#workers.delete(definition.name);
    await this.boss.offWork(definition.name, options);
  }

  /** Wakes this process's workers of `name` now, or when a job sent now falls due. */
  #wake(name: string, afterSeconds: number) {
    const wake = () => {
      for (const id of this.#workers.get(name) ?? []) this.boss.notifyWorker(id);
    };
    if (afterSeconds <= 0) return wake();
    // A little after the due time: the job is fetched only once its start time has passed.
    const timer = setTimeout(
      () => {
        this.#dueTimers.delete(timer);
        wake();
      },
      afterSeconds * 1000 + 100,
    );
    timer.unref();
    this.#dueTimers.add(timer);
  }

  /** Cancels a job (waiting or running); a running worker learns it at its next heartbeat. */
  async cancel(
    definition: JobDefinition<z.ZodType>,
    jobId: string,
    options: { on?: UnitOfWork } = {},
  ): Promise<void> {
    await this.boss.cancel(definition.name, jobId, onTransaction(options.on));
  }

  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    for (const timer of this.#dueTimers) clearTimeout(timer);
    this.#dueTimers.clear();
    await this.boss.stop({
      graceful: options.graceful ?? true,
      timeout: options.timeoutMs ?? 30_000,
    });
  }
}

/** pg-boss over an existing node-postgres pool. */
function fromPgPool(pool: pg.Pool): Db {
  return {
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as unknown as
        pg.QueryResult | pg.QueryResult[];
      // A multi-statement text answers one result per statement; keep every row.
      return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : result;
    },
  };
}
