import type { EventSummary } from '@cutroom/core/features/community/events/events.service';

/** What an event is doing now, in words: entries open, voting, results, or when it starts. */
export function EventStateBadge({ event }: { event: EventSummary }) {
  const [text, tone] =
    event.state === 'closed'
      ? ['Results', 'bg-white/10 text-neutral-200']
      : event.state === 'upcoming'
        ? ['Upcoming', 'bg-sky-500/15 text-sky-200']
        : event.entriesOpen && event.votingOpen
          ? ['Entries and voting open', 'bg-accent/20 text-accent']
          : event.votingOpen
            ? ['Voting open', 'bg-accent/20 text-accent']
            : event.entriesOpen
              ? ['Entries open', 'bg-accent/20 text-accent']
              : ['Between windows', 'bg-white/10 text-neutral-200'];
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}
      data-testid="event-state"
    >
      {text}
    </span>
  );
}
