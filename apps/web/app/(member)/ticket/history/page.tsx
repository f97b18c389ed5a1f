import type { Metadata } from 'next';
import { listMyTickets } from '@cutroom/core/features/community/tickets/tickets.service';
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
export const metadata: Metadata = { title: 'Your support tickets' };

/** The member's tickets, the most recently active first, with their state. */
export default async function TicketHistoryPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const query = await searchParams;
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  const index = pageIndexFrom(query.page);
  const page = await listMyTickets({ db, actor: viewer }, index);
  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="ticket-history-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Your support tickets</h1>
        <IntentLink
          href="/ticket/create"
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
          data-testid="new-ticket"
        >
          New ticket
        </IntentLink>
      </div>
      {page.data.length > 0 ? (
        <TicketList tickets={page.data} hrefOf={(id) => `/ticket/history/${id}`} />
      ) : index > 0 ? (
        <EmptyState title="No more tickets here">This page is past the end of the list.</EmptyState>
      ) : (
        <EmptyState title="No tickets yet" action={{ href: '/ticket/create', label: 'New ticket' }}>
          When something does not work or you have a question for staff, open a ticket: the answer
          appears here.
        </EmptyState>
      )}
      <Pagination
        basePath="/ticket/history"
        index={page.index}
        pageSize={page.pageSize}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
