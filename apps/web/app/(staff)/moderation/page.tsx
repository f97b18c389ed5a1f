import type { Metadata } from 'next';
import { countQueues } from '@cutroom/core/features/moderation/staff/moderation.service';
import { listStaffActions } from '@cutroom/core/features/moderation/staff-actions/staff-log.service';
import { countOpenApplications } from '@cutroom/core/features/community/tagging/applications.service';
import { listingContext } from '@/components/browse/listing-data';
import { StaffLogTable } from '@/components/moderation/staff-log-table';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Moderation' };

/** The moderation dashboard: each queue with what waits in it, and the latest staff actions. */
export default async function ModerationDashboard() {
  await requirePageViewer('moderate');
  const { db } = await listingContext();
  const [counts, recent, applications] = await Promise.all([
    countQueues(db),
    listStaffActions(db, { index: 0 }),
    countOpenApplications(db),
  ]);
  const queues = [
    { href: '/moderation/reports', label: 'Reported videos', count: counts.reportedVideos },
    {
      href: '/moderation/reports?kind=comment',
      label: 'Reported comments',
      count: counts.reportedComments,
    },
    {
      href: '/moderation/reports?kind=member',
      label: 'Reported members',
      count: counts.reportedMembers,
    },
    { href: '/moderation/videos', label: 'Unpublished videos', count: counts.unpublishedVideos },
    { href: '/moderation/comments', label: 'Held comments', count: counts.heldComments },
    { href: '/moderation/reuploads', label: 'Held re-uploads', count: counts.heldReuploads },
    { href: '/moderation/support', label: 'Open support tickets', count: counts.openTickets },
    {
      href: '/moderation/users?filter=disabled',
      label: 'Disabled members',
      count: counts.disabledMembers,
    },
    { href: '/moderation/applications', label: 'Tagger applications', count: applications },
  ];
  return (
    <div className="space-y-6" data-testid="moderation-dashboard">
      <h1 className="text-2xl font-bold">Moderation</h1>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {queues.map((queue) => (
          <li key={queue.href}>
            <IntentLink
              href={queue.href}
              className="block rounded-lg border border-white/10 bg-surface-raised p-4 hover:border-accent"
              data-testid="queue-count"
            >
              <span className="block text-3xl font-bold tabular-nums">{queue.count}</span>
              <span className="text-sm text-neutral-300">{queue.label}</span>
            </IntentLink>
          </li>
        ))}
      </ul>
      <section aria-labelledby="recent-heading" className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Latest staff actions
          </h2>
          <IntentLink href="/moderation/logs" className="text-sm text-accent hover:underline">
            Whole log
          </IntentLink>
        </div>
        <StaffLogTable entries={recent.data.slice(0, 10)} />
      </section>
    </div>
  );
}
