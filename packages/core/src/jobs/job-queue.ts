import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type Db,
  type DrizzleTransactionLike,
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
    options: { on?: UnitOfWork; id?: string; startAfterSeconds?: number } = {},
  ): Promise<string> {
    const data = definition.schema.parse(payload) as object;
    const id = await this.boss.send(definition.name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...onTransaction(options.on),
    });
    if (!id) throw new Error(`The queue refused a ${definition.name} job`);
    return id;
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
