import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { isServiceError } from '@cutroom/core/api/service-error';
import { MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH } from '@cutroom/core/messages/messages.schema';
import { readMessage } from '@cutroom/core/messages/messages.service';
import { listingContext, type SearchParamsPromise } from '@/components/browse/listing-data';
import { ComposeForm, type ComposeDraft } from '@/components/inbox/compose-form';
import { requirePageViewer } from '@/lib/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New message' };

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.slice(0, 200) ?? '';

/** "Re: subject", once, within the subject's limit. */
const replySubject = (subject: string) =>
  (/^re:/i.test(subject) ? subject : `Re: ${subject}`).slice(0, MAX_SUBJECT_LENGTH);

/**
 * Writes a message: `?to={username}` fills the recipient (the profile's Message button);
 * `?reply={id}` answers one of your messages (recipient, "Re: subject" and its ticket).
 */
export default async function NewMessagePage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const query = await searchParams;
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  const draft: ComposeDraft = { recipient: first(query.to), subject: '', message: '' };
  const replyTo = first(query.reply);
  if (replyTo) {
    try {
      const original = await readMessage(db, viewer, replyTo);
      const other = original.box === 'received' ? original.sender : original.recipient;
      draft.recipient = other.username;
      draft.subject = replySubject(original.subject);
      draft.ticket = original.ticket ?? undefined;
    } catch (error) {
      // A message deleted meanwhile (or not ours) leaves an empty form.
      if (!isServiceError(error)) throw error;
    }
  }
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="compose-page">
      <IntentLink href="/inbox" className="text-sm text-accent hover:underline">
        ← Inbox
      </IntentLink>
      <h1 className="text-2xl font-bold">{replyTo && draft.subject ? 'Reply' : 'New message'}</h1>
      <ComposeForm
        initial={draft}
        signedIn
        limits={{ subject: MAX_SUBJECT_LENGTH, message: MAX_MESSAGE_LENGTH }}
      />
    </div>
  );
}
