'use client';

import type { RedisStats } from '@cutroom/core/features/moderation/admin/redis-stats.service';
import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { Sparkline } from '@/components/ui/sparkline';
import { StatFigure as Figure } from '@/components/ui/stat-figure';
import { formatBytes } from './format-bytes';

/** How often the figures are sampled, and how many samples the chart keeps. */
const REFRESH_MS = 3000;
const KEPT = 40;

/** The live figures, sampled every few seconds through the admin endpoint. */
export function RedisMonitor({ initial }: { initial: RedisStats }) {
  const [stats, setStats] = useState(initial);
  const [history, setHistory] = useState<RedisStats[]>(initial.ok ? [initial] : []);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(async () => {
      const result = await callApi('/api/v2/admin', {
        mode: 'LoadRedisStats',
      });
      if (!result.ok) {
        setStats((current) => ({ ...current, ok: false, error: result.body.error ?? 'No answer' }));
        return;
      }
      const sample = result.body.data;
      setStats(sample);
      if (sample.ok) setHistory((list) => [...list, sample].slice(-KEPT));
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const hitRatio =
    stats.hitRatio == null ? 'no lookups yet' : `${(stats.hitRatio * 100).toFixed(1)}%`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="break-all text-sm text-neutral-400">
          {stats.url} {stats.version ? `· Redis ${stats.version}` : ''}
          {stats.uptimeSeconds != null ? ` · up ${Math.round(stats.uptimeSeconds / 60)} min` : ''}
        </p>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
          aria-pressed={paused}
        >
          {paused ? 'Resume' : 'Pause'} updates
        </button>
      </div>
      <p aria-live="polite" className="text-sm" data-testid="redis-sampled">
        {stats.ok ? (
          <>
            Sampled at {stats.sampledAt.slice(11, 19)} UTC, every {REFRESH_MS / 1000} s
          </>
        ) : (
          <span role="alert" className="text-red-300">
            Redis does not answer: {stats.error}
          </span>
        )}
      </p>
      {stats.ok && (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            <Figure label="Ops / s" value={String(stats.opsPerSecond ?? 0)} testId="redis-ops" />
            <Figure
              label="Memory"
              value={formatBytes(stats.usedMemoryBytes ?? 0)}
              testId="redis-memory"
            />
            <Figure label="Peak memory" value={formatBytes(stats.peakMemoryBytes ?? 0)} />
            <Figure label="Hit ratio" value={hitRatio} testId="redis-hit-ratio" />
            <Figure
              label="Clients"
              value={String(stats.connectedClients ?? 0)}
              testId="redis-clients"
            />
            <Figure label="Blocked clients" value={String(stats.blockedClients ?? 0)} />
          </dl>
          <div className="grid gap-4 md:grid-cols-2">
            <Sparkline
              slots={KEPT}
              label="Operations per second"
              values={history.map((s) => s.opsPerSecond ?? 0)}
              format={(n) => String(n)}
            />
            <Sparkline
              slots={KEPT}
              label="Memory used"
              values={history.map((s) => s.usedMemoryBytes ?? 0)}
              format={formatBytes}
            />
          </div>
          <section aria-labelledby="keyspace-heading" className="space-y-2">
            <h2 id="keyspace-heading" className="text-lg font-semibold">
              Keyspace
            </h2>
            {stats.keyspace?.length ? (
              <ul className="text-sm" data-testid="redis-keyspace">
                {stats.keyspace.map((db) => (
                  <li key={db.db}>
                    {db.db}: {db.keys} keys, {db.expires} with an expiry
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-400">No keys.</p>
            )}
          </section>
          <section aria-labelledby="slowlog-heading" className="space-y-2">
            <h2 id="slowlog-heading" className="text-lg font-semibold">
              Slow log (last 10)
            </h2>
            {stats.slowLog?.length ? (
              <ol className="divide-y divide-white/10 rounded-lg border border-white/10 text-sm">
                {stats.slowLog.map((entry) => (
                  <li
                    key={entry.id}
                    className="grid gap-1 p-2 sm:grid-cols-[8rem_6rem_minmax(0,1fr)]"
                  >
                    <span className="text-neutral-400">
                      {entry.at.replace('T', ' ').slice(0, 19)} UTC
                    </span>
                    <span className="tabular-nums">
                      {(entry.durationMicros / 1000).toFixed(2)} ms
                    </span>
                    <code className="break-all">{entry.command}</code>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-neutral-400">No slow commands logged.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
