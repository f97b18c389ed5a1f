import type { Metadata } from 'next';
import { EventForm } from '@/components/events/event-form';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New event' };

const DAY = 86_400_000;

/** A new event: entries open tomorrow for a week, voting the week after, until the admin says. */
export default async function NewEventPage() {
  await requirePageViewer('administer');
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + DAY);
  const at = (days: number) => new Date(start.getTime() + days * DAY).toISOString();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">New event</h1>
      <EventForm
        initial={{
          slug: '',
          title: '',
          summary: '',
          rules: '',
          category: null,
          maxEntriesPerMember: 1,
          entriesOpenAt: at(0),
          entriesCloseAt: at(7),
          votingOpenAt: at(7),
          votingCloseAt: at(14),
        }}
      />
    </div>
  );
}
