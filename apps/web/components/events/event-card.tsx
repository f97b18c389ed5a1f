import type { EventSummary } from '@cutroom/core/features/community/events/events.service';
import { IntentLink } from '@/components/ui/intent-link';
import { CATEGORY_NAMES } from '@/lib/category-names';
import { EventStateBadge } from './event-state';
import { LocalTime } from './local-time';

/** The address of an event's page. */
export const eventHref = (slug: string) => `/events/${encodeURIComponent(slug)}`;

/** One event in a list of /events: title, state, the windows and how many entries. */
export function EventCard({ event }: { event: EventSummary }) {
  return (
    <article
      className="flex h-full flex-col gap-2 rounded-lg bg-surface-raised p-4"
      data-testid="event-card"
      data-event-slug={event.slug}
    >
      <div className="flex flex-wrap items-center gap-2">
        <EventStateBadge event={event} />
        {event.category && (
          <span className="text-xs text-neutral-400">{CATEGORY_NAMES[event.category]} only</span>
        )}
      </div>
      <h3 className="break-words text-lg font-semibold">
        <IntentLink href={eventHref(event.slug)} className="hover:text-accent">
          {event.title}
        </IntentLink>
      </h3>
      {event.summary && <p className="break-words text-sm text-neutral-300">{event.summary}</p>}
      <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-neutral-400">
        <dt>Entries</dt>
        <dd>
          <LocalTime date={event.entriesOpenAt} /> – <LocalTime date={event.entriesCloseAt} />
        </dd>
        <dt>Voting</dt>
        <dd>
          <LocalTime date={event.votingOpenAt} /> – <LocalTime date={event.votingCloseAt} />
        </dd>
      </dl>
      <p className="text-xs text-neutral-400">
        {event.entryCount} {event.entryCount === 1 ? 'entry' : 'entries'}
      </p>
    </article>
  );
}
