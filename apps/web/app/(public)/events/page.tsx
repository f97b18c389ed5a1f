import type { Metadata } from 'next';
import { listEvents, type EventPage } from '@cutroom/core/features/community/events/events.service';
import {
  EVENT_SECTIONS,
  type EventSection,
} from '@cutroom/core/features/community/events/event-labels';
import { Pagination } from '@/components/browse/pagination';
import { pageIndexFrom, type SearchParamsPromise } from '@/components/browse/listing-data';
import { EventCard } from '@/components/events/event-card';
import { EmptyState } from '@/components/video/video-grid';
import { getRuntime } from '@/lib/server/runtime';

// An event's state turns with the clock: rendered on every request (not in the page cache).
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Events' };

const SECTIONS: Record<EventSection, { title: string; empty: string; hint: string }> = {
  current: {
    title: 'Happening now',
    empty: 'No event is running right now',
    hint: 'When an event opens for entries or votes, it shows here.',
  },
  upcoming: {
    title: 'Upcoming',
    empty: 'No event is announced yet',
    hint: 'Events are announced here before their entries open.',
  },
  past: {
    title: 'Past events and results',
    empty: 'No event has ended yet',
    hint: 'Once voting closes, the results stay here.',
  },
};

/** /events: the events running now, those to come, and past ones with their results. */
export default async function EventsPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const { page } = await searchParams;
  const { database } = await getRuntime();
  const now = new Date();
  const index = pageIndexFrom(page);
  const pages = await Promise.all(
    EVENT_SECTIONS.map((section) =>
      listEvents(
        { db: database.db, now: () => now },
        { section, index: section === 'past' ? index : 0 },
      ),
    ),
  );
  const bySection = Object.fromEntries(
    EVENT_SECTIONS.map((section, position) => [section, pages[position]!]),
  ) as Record<EventSection, EventPage>;
  return (
    <div className="max-w-6xl space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Events</h1>
        <p className="mt-1 text-neutral-400">
          Contests run by the site: uploaders enter their videos while entries are open, every
          member with a verified e-mail casts one vote, and the results show when voting closes.
        </p>
      </div>
      {EVENT_SECTIONS.map((section) => {
        const { title, empty, hint } = SECTIONS[section];
        const list = bySection[section];
        return (
          <section
            key={section}
            aria-labelledby={`events-${section}`}
            data-testid={`events-${section}`}
          >
            <h2 id={`events-${section}`} className="mb-3 text-xl font-semibold">
              {title}
            </h2>
            {list.data.length === 0 ? (
              <EmptyState title={empty}>{hint}</EmptyState>
            ) : (
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {list.data.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )}
            {section === 'past' && (
              <Pagination
                basePath="/events"
                index={list.index}
                pageSize={list.pageSize}
                count={list.count}
                hasMore={list.hasMore}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}
