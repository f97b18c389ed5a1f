import type { Metadata } from 'next';
import { checkSiteHealth } from '@cutroom/core/features/moderation/admin/health.service';
import { RelativeTime } from '@/components/ui/relative-time';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';
import { formatBytes } from '@/components/admin/format-bytes';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Site health' };

function Status({ ok, label }: { ok: boolean; label?: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        ok ? 'bg-green-900/60 text-green-100' : 'bg-red-900/70 text-red-100'
      }`}
    >
      {label ?? (ok ? 'OK' : 'Problem')}
    </span>
  );
}

const card = 'space-y-2 rounded-lg border border-white/10 bg-surface-raised p-4';

/** The site's health for admins: database, job queue, workers and the data disk. */
export default async function AdminHealthPage() {
  await requirePageViewer('administer');
  const { database, config } = await getRuntime();
  const health = await checkSiteHealth(
    { db: database.db, now: () => new Date() },
    { dataDir: config.dataDir },
  );
  const { queue, workers, disk } = health;
  const waiting = queue.queues
    .filter((row) => row.state === 'created' || row.state === 'retry')
    .reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="space-y-4" data-testid="admin-health">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Site health</h1>
        <p className="text-sm text-neutral-400">
          Checked <RelativeTime date={health.checkedAt} /> · reload the page to check again
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section className={card} aria-labelledby="db-heading">
          <h2 id="db-heading" className="flex items-center gap-2 text-lg font-semibold">
            Database <Status ok={health.database.ok} />
          </h2>
          {health.database.ok ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-neutral-400">Kind</dt>
              <dd>{database.kind === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL server'}</dd>
              <dt className="text-neutral-400">Round trip</dt>
              <dd>{health.database.latencyMs} ms</dd>
              <dt className="text-neutral-400">Size</dt>
              <dd>
                {health.database.sizeBytes == null
                  ? 'unknown'
                  : formatBytes(health.database.sizeBytes)}
              </dd>
              <dt className="text-neutral-400">Version</dt>
              <dd className="break-words">{health.database.version.split(' on ')[0]}</dd>
            </dl>
          ) : (
            <p role="alert" className="break-words text-sm text-red-300">
              {health.database.error}
            </p>
          )}
        </section>

        <section className={card} aria-labelledby="disk-heading">
          <h2 id="disk-heading" className="flex items-center gap-2 text-lg font-semibold">
            Disk{' '}
            <Status ok={disk.ok} label={disk.error ? 'Problem' : disk.ok ? 'OK' : 'Nearly full'} />
          </h2>
          {disk.error ? (
            <p role="alert" className="break-words text-sm text-red-300">
              {disk.error}
            </p>
          ) : (
            <>
              <p className="break-all text-sm text-neutral-400">Data folder {disk.path}</p>
              <div
                role="meter"
                aria-label="Disk used"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(disk.usedRatio * 100)}
                className="h-3 overflow-hidden rounded-full bg-white/10"
              >
                <div
                  className={`h-full ${disk.ok ? 'bg-accent' : 'bg-red-500'}`}
                  style={{ width: `${Math.round(disk.usedRatio * 100)}%` }}
                />
              </div>
              <p className="text-sm">
                {formatBytes(disk.freeBytes)} free of {formatBytes(disk.totalBytes)} (
                {Math.round(disk.usedRatio * 100)}% used)
              </p>
            </>
          )}
        </section>

        <section className={card} aria-labelledby="queue-heading">
          <h2 id="queue-heading" className="flex items-center gap-2 text-lg font-semibold">
            Job queue (pg-boss) <Status ok={queue.ok} />
          </h2>
          {queue.ok ? (
            <>
              <p className="text-sm">
                {waiting} job{waiting === 1 ? '' : 's'} waiting
                {queue.oldestWaitingSeconds != null &&
                  `, the oldest for ${queue.oldestWaitingSeconds} s`}
              </p>
              {queue.queues.length === 0 ? (
                <p className="text-sm text-neutral-400">No jobs kept.</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {queue.queues.map((row) => (
                    <li key={`${row.name}-${row.state}`} className="flex justify-between gap-2">
                      <span className="min-w-0 break-all">
                        {row.name} <span className="text-neutral-400">{row.state}</span>
                      </span>
                      <span className="tabular-nums">{row.count}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p role="alert" className="break-words text-sm text-red-300">
              {queue.error}
            </p>
          )}
        </section>

        <section className={card} aria-labelledby="workers-heading">
          <h2 id="workers-heading" className="flex items-center gap-2 text-lg font-semibold">
            Workers{' '}
            <Status
              ok={workers.stale === 0}
              label={workers.stale === 0 ? 'OK' : `${workers.stale} stale`}
            />
          </h2>
          <p className="text-sm text-neutral-300">
            {config.INPROCESS_WORKER ? 'This web process also runs a worker. ' : ''}
            {workers.active.length} job{workers.active.length === 1 ? '' : 's'} being worked on.
          </p>
          {workers.active.length > 0 && (
            <ul className="space-y-1 text-sm">
              {workers.active.map((job, index) => (
                <li key={index}>
                  {job.name}: started <RelativeTime date={job.startedAt} />
                  {job.heartbeatAt && (
                    <>
                      , last heartbeat <RelativeTime date={job.heartbeatAt} />
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-neutral-400">
            Last job done:{' '}
            {workers.lastCompletedAt ? (
              <RelativeTime date={workers.lastCompletedAt} />
            ) : (
              'none kept'
            )}{' '}
            · last failure:{' '}
            {workers.lastFailedAt ? <RelativeTime date={workers.lastFailedAt} /> : 'none kept'}
          </p>
        </section>
      </div>
    </div>
  );
}
