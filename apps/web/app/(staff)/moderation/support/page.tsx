import type { Metadata } from 'next';
import {
  TICKET_STATE_LABELS,
  TICKET_STATES,
} from '@cutroom/core/features/community/tickets/ticket-labels';
import { listTicketQueue } from '@cutroom/core/features/community/tickets/tickets.service';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { TicketList } from '@/components/tickets/ticket-thread';
import { IntentLink } from '@/components/ui/intent-link';
import { EmptyState } from '@/components/video/video-grid';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Support tickets' };

const EMPTY = {
  open: 'No ticket waits for an answer.',
  answered: 'No answered ticket waits for the member.',
  closed: 'No closed tickets.',
} as const;

/** The support queue: tickets by state (open first), the most recently active first. */
export default async function SupportQueuePage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const state =
    query.state === 'answered' || query.state === 'closed' ? query.state : ('open' as const);
  const index = pageIndexFrom(query.page);
  const { db } = await listingContext();
  const page = await listTicketQueue({ db, actor: viewer }, { state, index });
  return (
    <div className="space-y-4" data-testid="moderation-support">
      <h1 className="text-2xl font-bold">Support tickets</h1>
      <nav aria-label="Ticket states">
        <ul className="flex flex-wrap gap-x-1 border-b border-white/10">
          {TICKET_STATES.map((tab) => (
            <li key={tab}>
              <IntentLink
                href={tab === 'open' ? '/moderation/support' : `/moderation/support?state=${tab}`}
                aria-current={tab === state ? 'page' : undefined}
                data-testid={`support-tab-${tab}`}
                className={`block border-b-2 px-3 py-2 text-sm ${
                  tab === state
                    ? 'border-accent font-semibold text-white'
                    : 'border-transparent text-neutral-400 hover:text-white'
                }`}
              >
                {TICKET_STATE_LABELS[tab]} ({page.counts[tab]})
              </IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      {page.data.length > 0 ? (
        <TicketList tickets={page.data} hrefOf={(id) => `/moderation/support/${id}`} showMember />
      ) : (
        <EmptyState title={index > 0 ? 'No more tickets here' : 'Nothing here'}>
          {index > 0 ? 'This page is past the end of the list.' : EMPTY[state]}
        </EmptyState>
      )}
      <Pagination
        basePath="/moderation/support"
        params={new URLSearchParams(state === 'open' ? {} : { state })}
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
