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
import { CloseTicketButton, TicketReplyForm } from '@/components/tickets/reply-form';
import { TicketThreadView } from '@/components/tickets/ticket-thread';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Support ticket' };

/** A member's ticket for staff: the thread, an answer (the member is told) and closing it. */
export default async function StaffTicketPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePageViewer('moderate');
  const { id } = await params;
  const parsed = TicketId.safeParse(/^\d{1,10}$/.test(id) ? Number(id) : Number.NaN);
  if (!parsed.success) notFound();
  const { database, storage, config } = await getRuntime();
  let ticket: TicketThread;
  try {
    ticket = await loadTicket({ db: database.db, actor: viewer }, storage, parsed.data, {
      asStaff: true,
    });
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not_found') notFound();
    throw error;
  }
  return (
    <div className="max-w-3xl space-y-6" data-testid="staff-ticket-page">
      <p className="text-sm">
        <IntentLink href="/moderation/support" className="text-accent hover:underline">
          ← Support tickets
        </IntentLink>
      </p>
      <p className="text-sm text-neutral-300">
        From{' '}
        <IntentLink
          href={`/profile/${encodeURIComponent(ticket.username)}`}
          className="font-semibold text-white hover:underline"
        >
          {ticket.username}
        </IntentLink>
      </p>
      <TicketThreadView ticket={ticket} />
      <section aria-label="Answer" className="space-y-3">
        <TicketReplyForm
          ticketId={ticket.id}
          mode="Answer"
          label="Answer (the member is told under the bell and by e-mail)"
          limits={{
            message: MAX_TICKET_MESSAGE_LENGTH,
            images: MAX_TICKET_IMAGES,
            imageBytes: config.TICKET_IMAGE_MAX_BYTES,
          }}
        />
        {ticket.state !== 'closed' && <CloseTicketButton ticketId={ticket.id} mode="StaffClose" />}
      </section>
    </div>
  );
}
