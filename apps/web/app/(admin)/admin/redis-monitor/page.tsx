import type { Metadata } from 'next';
import { sampleRedis } from '@cutroom/core/features/moderation/admin/redis-stats.service';
import { RedisMonitor } from '@/components/admin/redis-monitor';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Redis monitor' };

/** Live figures of the configured Redis for admins; a notice when none is configured. */
export default async function RedisMonitorPage() {
  await requirePageViewer('administer');
  const { config } = await getRuntime();
  const first = await sampleRedis(config.REDIS_URL, new Date());
  return (
    <div className="space-y-4" data-testid="redis-monitor">
      <h1 className="text-2xl font-bold">Redis monitor</h1>
      {first.configured ? (
        <RedisMonitor initial={first} />
      ) : (
        <section
          className="rounded-lg border border-dashed border-white/20 p-6"
          data-testid="redis-not-configured"
        >
          <h2 className="text-lg font-semibold">Redis is not configured</h2>
          <p className="mt-2 text-neutral-300">
            This site runs without Redis: its listing cache, rate limits and events live in this
            process and the database. Set{' '}
            <code className="rounded bg-white/10 px-1">REDIS_URL</code> (for example{' '}
            <code className="rounded bg-white/10 px-1">redis://localhost:6379</code>) and restart to
            share them between web nodes; its figures then show here.
          </p>
        </section>
      )}
    </div>
  );
}
