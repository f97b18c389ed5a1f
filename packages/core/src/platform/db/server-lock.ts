import pg from 'pg';

/** Advisory lock keys: any numbers, the same in every process of a deployment. */
export const SERVER_LOCKS = {
  /** Applying the migrations. */
  migrations: 7_311_270_001,
  /** Installing or upgrading the job queue's schema (pg-boss). */
  jobQueueSchema: 7_311_270_002,
} as const;

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock, on a connection of its own
 * (so `work` may use every connection of the pool): processes starting together (web nodes,
 * workers) take turns instead of creating the same objects side by side.
 */
export async function whileHoldingServerLock<T>(
  pool: pg.Pool,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when the unlock could not be sent.
    await lock.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await lock.end();
  }
}
