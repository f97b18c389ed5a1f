import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import {
  MAX_TICKET_IMAGES,
  MAX_TICKET_MESSAGE_LENGTH,
  TicketId,
} from '@cutroom/core/features/community/tickets/tickets.schema';
import {
  loadTicket,
  type TicketThread,
} from '@cutroom/core/features/community/tickets/tickets.service';
import type { SearchParamsPromise } from '@/components/browse/listing-data';
import { CloseTicketButton, TicketReplyForm } from '@/components/tickets/reply-form';
import { TicketLive } from '@/components/tickets/ticket-live';
import { TicketThreadView } from '@/components/tickets/ticket-thread';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Support ticket' };

/** One of the member's tickets: the thread, a reply (which reopens it) and closing it. */
export default async function TicketPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer();
  const { id } = await params;
  const query = await searchParams;
  const parsed = TicketId.safeParse(/^\d{1,10}$/.test(id) ? Number(id) : Number.NaN);
  if (!parsed.success) notFound();
  const { database, storage, config } = await getRuntime();
  let ticket: TicketThread;
  try {
    ticket = await loadTicket({ db: database.db, actor: viewer }, storage, parsed.data);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not_found') notFound();
    throw error;
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="ticket-page">
      <p className="text-sm">
        <IntentLink href="/ticket/history" className="text-accent hover:underline">
          ← Your support tickets
        </IntentLink>
      </p>
      {/* Only while it says true: the page updates live, and staff may answer or close it. */}
      {query.created !== undefined && ticket.state === 'open' && (
        <p
          role="status"
          className="rounded-lg bg-accent/10 px-4 py-3 text-sm text-accent"
          data-testid="ticket-created"
        >
          Your ticket {ticket.ref} is open. You will be told when staff answer.
        </p>
      )}
      <TicketThreadView ticket={ticket} />
      <section aria-label="Reply" className="space-y-3">
        <TicketReplyForm
          ticketId={ticket.id}
          mode="Reply"
          label={ticket.state === 'closed' ? 'Reply (this opens the ticket again)' : 'Reply'}
          limits={{
            message: MAX_TICKET_MESSAGE_LENGTH,
            images: MAX_TICKET_IMAGES,
            imageBytes: config.TICKET_IMAGE_MAX_BYTES,
          }}
        />
        {ticket.state !== 'closed' && <CloseTicketButton ticketId={ticket.id} mode="Close" />}
        <TicketLive />
      </section>
    </div>
  );
}
