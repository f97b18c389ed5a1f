import type { Metadata } from 'next';
import {
  MAX_TICKET_IMAGES,
  MAX_TICKET_MESSAGE_LENGTH,
  MAX_TICKET_SUBJECT_LENGTH,
} from '@cutroom/core/features/community/tickets/tickets.schema';
import { TicketForm } from '@/components/tickets/ticket-form';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Open a support ticket' };

/** A question for the site's staff: category, subject, message and a few screenshots. */
export default async function TicketCreatePage() {
  await requirePageViewer();
  const { config } = await getRuntime();
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="ticket-create-page">
      <h1 className="text-2xl font-bold">Open a support ticket</h1>
      <p className="text-sm text-neutral-300">
        Staff answer here and you are told under the bell and by e-mail. Your tickets and their
        answers are in your{' '}
        <IntentLink href="/ticket/history" className="text-accent underline hover:no-underline">
          ticket history
        </IntentLink>
        .
      </p>
      <TicketForm
        limits={{
          subject: MAX_TICKET_SUBJECT_LENGTH,
          message: MAX_TICKET_MESSAGE_LENGTH,
          images: MAX_TICKET_IMAGES,
          imageBytes: config.TICKET_IMAGE_MAX_BYTES,
        }}
      />
    </div>
  );
}
