import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../discovery/browse';
import type { Call } from '../../../access/call';
import type { Database } from '../../../platform/db/client';

export interface DatabaseHealth {
  ok: boolean;
  /** The time `select 1` took, in milliseconds. */
  latencyMs: number;
  version: string;
  sizeBytes: number | null;
  error?: string;
}

export interface QueueHealth {
  ok: boolean;
  /** Jobs by queue and state (created, retry, active, completed, failed ...). */
  queues: { name: string; state: string; count: number }[];
  /** The oldest job still waiting to start, in seconds; null when none waits. */
  oldestWaitingSeconds: number | null;
  error?: string;
}

export interface WorkerHealth {
  /** Jobs being worked on now, each with its last sign of life. */
  active: { name: string; startedAt: string; heartbeatAt: string | null }[];
  /** Active jobs whose heartbeat is older than twice their heartbeat interval. */
  stale: number;
  lastCompletedAt: string | null;
  lastFailedAt: string | null;
}

export interface DiskHealth {
  path: string;
  totalBytes: number;
  freeBytes: number;
  usedRatio: number;
  ok: boolean;
  error?: string;
}

export interface SiteHealth {
  checkedAt: string;
  database: DatabaseHealth;
  queue: QueueHealth;
  workers: WorkerHealth;
  disk: DiskHealth;
}

/** A disk fuller than this is flagged. */
export const DISK_WARNING_RATIO = 0.9;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkDatabase(db: Database): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const [info] = await queryRows<{ version: string; size: string | null }>(
      db,
      sql`select version() as version, pg_database_size(current_database())::text as size`,
    );
    return {
      ok: true,
      latencyMs,
      version: info?.version ?? '',
      sizeBytes: info?.size ? Number(info.size) : null,
    };
  } catch (error) {
    return { ok: false, latencyMs: 0, version: '', sizeBytes: null, error: message(error) };
  }
}

async function checkQueue(db: Database): Promise<{ queue: QueueHealth; workers: WorkerHealth }> {
  try {
    const [queues, [waiting], active, [last]] = await Promise.all([
      queryRows<{ name: string; state: string; count: number }>(
        db,
        sql`select name, state::text as state, count(*)::int as count from pgboss.job group by 1, 2 order by 1, 2`,
      ),
      queryRows<{ seconds: number | null }>(
        db,
        sql`select extract(epoch from now() - min(created_on))::int as seconds from pgboss.job where state in ('created', 'retry') and start_after <= now()`,
      ),
      queryRows<{
        name: string;
        started: string;
        heartbeat: string | null;
        stale: boolean;
      }>(
        db,
        sql`select name, started_on::text as started, heartbeat_on::text as heartbeat,
          coalesce(heartbeat_seconds > 0 and coalesce(heartbeat_on, started_on) < now() - make_interval(secs => heartbeat_seconds * 2), false) as stale
          from pgboss.job where state = 'active' order by started_on limit 50`,
      ),
      queryRows<{ completed: string | null; failed: string | null }>(
        db,
        sql`select max(completed_on) filter (where state = 'completed')::text as completed,
          max(completed_on) filter (where state = 'failed')::text as failed from pgboss.job`,
      ),
    ]);
    const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
    return {
      queue: {
        ok: true,
        queues: queues.map((row) => ({ ...row, count: Number(row.count) })),
        oldestWaitingSeconds: waiting?.seconds ?? null,
      },
      workers: {
        active: active.map((row) => ({
          name: row.name,
          startedAt: iso(row.started)!,
          heartbeatAt: iso(row.heartbeat),
        })),
        stale: active.filter((row) => row.stale).length,
        lastCompletedAt: iso(last?.completed ?? null),
        lastFailedAt: iso(last?.failed ?? null),
      },
    };
  } catch (error) {
    return {
      queue: { ok: false, queues: [], oldestWaitingSeconds: null, error: message(error) },
      workers: { active: [], stale: 0, lastCompletedAt: null, lastFailedAt: null },
    };
  }
}

async function checkDisk(path: string): Promise<DiskHealth> {
  try {
    const stats = await statfs(path);
    const totalBytes = stats.blocks * stats.bsize;
    const freeBytes = stats.bavail * stats.bsize;
    const usedRatio = totalBytes > 0 ? 1 - freeBytes / totalBytes : 0;
    return { path, totalBytes, freeBytes, usedRatio, ok: usedRatio < DISK_WARNING_RATIO };
  } catch (error) {
    return { path, totalBytes: 0, freeBytes: 0, usedRatio: 0, ok: false, error: message(error) };
  }
}

/**
 * The site's health for /admin: the database, the job queue, its workers and the data disk,
 * checked at the call's time.
 */
export async function checkSiteHealth(
  { db, now }: Pick<Call, 'db' | 'now'>,
  options: { dataDir: string },
): Promise<SiteHealth> {
  const [database, { queue, workers }, disk] = await Promise.all([
    checkDatabase(db),
    checkQueue(db),
    checkDisk(options.dataDir),
  ]);
  return { checkedAt: now().toISOString(), database, queue, workers, disk };
}
