import type { Metadata } from 'next';
import { listAllEvents } from '@cutroom/core/features/community/events/events.service';
import { Pagination } from '@/components/browse/pagination';
import { pageIndexFrom, type SearchParamsPromise } from '@/components/browse/listing-data';
import { eventHref } from '@/components/events/event-card';
import { EventStateBadge } from '@/components/events/event-state';
import { LocalTime } from '@/components/events/local-time';
import { IntentLink } from '@/components/ui/intent-link';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Events' };

/** The admins' list of events, the latest to close first, with a way to make a new one. */
export default async function AdminEventsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('administer');
  const { database } = await getRuntime();
  const index = pageIndexFrom((await searchParams).page);
  const page = await listAllEvents(
    { db: database.db, actor: viewer, now: () => new Date() },
    index,
  );
  return (
    <div className="space-y-4" data-testid="admin-events">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Events</h1>
        <IntentLink
          href="/admin/events/new"
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
        >
          New event
        </IntentLink>
      </div>
      {page.data.length === 0 ? (
        <EmptyState
          title="No events yet"
          action={{ href: '/admin/events/new', label: 'New event' }}
        >
          Events you make show here, the latest to close first.
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {page.data.map((event) => (
            <li
              key={event.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-surface-raised p-3"
              data-testid="admin-event"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <IntentLink
                    href={`/admin/events/${event.id}`}
                    className="break-words font-semibold hover:text-accent"
                  >
                    {event.title}
                  </IntentLink>
                  <EventStateBadge event={event} />
                </p>
                <p className="text-xs text-neutral-400">
                  /events/{event.slug} · {event.entryCount}{' '}
                  {event.entryCount === 1 ? 'entry' : 'entries'} · voting closes{' '}
                  <LocalTime date={event.votingCloseAt} />
                </p>
              </div>
              <IntentLink
                href={eventHref(event.slug)}
                className="text-sm text-neutral-300 underline hover:text-white"
              >
                View<span className="sr-only"> {event.title}</span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        basePath="/admin/events"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
