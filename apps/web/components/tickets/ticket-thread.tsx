import type { TicketThread } from '@cutroom/core/features/community/tickets/tickets.service';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_STATE_LABELS,
} from '@cutroom/core/features/community/tickets/ticket-labels';
import { RelativeTime } from '@/components/ui/relative-time';

const STATE_CLASS = {
  open: 'bg-emerald-500/20 text-emerald-200',
  answered: 'border border-accent/60 text-accent',
  closed: 'bg-white/10 text-neutral-300',
} as const;

/** A ticket's state as a small label. */
export function TicketStateBadge({ state }: { state: TicketThread['state'] }) {
  return (
    <span
      data-testid="ticket-state"
      data-state={state}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASS[state]}`}
    >
      {TICKET_STATE_LABELS[state]}
    </span>
  );
}

/**
 * A ticket's heading and thread, oldest post first: each post's writer, time, plain text (no
 * HTML is set from it) and images, which open full size.
 */
export function TicketThreadView({ ticket }: { ticket: TicketThread }) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="break-words text-2xl font-bold" data-testid="ticket-subject">
          {ticket.subject}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-400">
          <span>{ticket.ref}</span>
          <span aria-hidden="true">·</span>
          <span>{TICKET_CATEGORY_LABELS[ticket.category]}</span>
          <span aria-hidden="true">·</span>
          <TicketStateBadge state={ticket.state} />
        </p>
      </div>
      <ol className="space-y-3" data-testid="ticket-thread">
        {ticket.thread.map((post) => (
          <li
            key={post.id}
            data-testid="ticket-post"
            data-from-staff={post.fromStaff || undefined}
            className={`rounded-lg p-4 ${post.fromStaff ? 'border border-accent/40 bg-accent/5' : 'bg-surface-raised'}`}
          >
            <p className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold text-white">
                {post.author}
                {post.fromStaff && <span className="ml-2 text-xs text-accent">Staff</span>}
              </span>
              <span className="text-xs text-neutral-400">
                <RelativeTime date={post.createdAt} />
              </span>
            </p>
            <div className="whitespace-pre-wrap leading-relaxed text-neutral-100 [overflow-wrap:anywhere]">
              {post.body}
            </div>
            {post.images.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {post.images.map((image, index) => (
                  <li key={image.url}>
                    <a href={image.url} target="_blank" rel="noopener" className="block">
                      <img
                        src={image.url}
                        alt={`Image ${index + 1} attached by ${post.author}`}
                        data-testid="ticket-image"
                        className="h-24 w-24 rounded object-cover sm:h-32 sm:w-32"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A list of tickets: subject, reference, state, last activity; each leads to `hrefOf`. */
export function TicketList({
  tickets,
  hrefOf,
  showMember = false,
}: {
  tickets: Omit<TicketThread, 'thread'>[];
  hrefOf: (id: number) => string;
  showMember?: boolean;
}) {
  return (
    <ul className="divide-y divide-white/10 rounded-lg bg-surface-raised" data-testid="ticket-list">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <a
            href={hrefOf(ticket.id)}
            data-testid="ticket-entry"
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 hover:bg-white/5 sm:px-4"
          >
            <span className="min-w-0 flex-1">
              <span className="block break-words font-semibold text-white">{ticket.subject}</span>
              <span className="block text-xs text-neutral-400">
                {ticket.ref} · {TICKET_CATEGORY_LABELS[ticket.category]}
                {showMember && <> · {ticket.username}</>} · {ticket.posts}{' '}
                {ticket.posts === 1 ? 'post' : 'posts'} · <RelativeTime date={ticket.updatedAt} />
              </span>
            </span>
            <TicketStateBadge state={ticket.state} />
          </a>
        </li>
      ))}
    </ul>
  );
}
