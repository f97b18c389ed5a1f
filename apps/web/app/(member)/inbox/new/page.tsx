import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import {
  MAX_MESSAGE_LENGTH,
  MAX_SUBJECT_LENGTH,
} from '@cutroom/core/features/people/messages/messages.schema';
import { readMessage } from '@cutroom/core/features/people/messages/messages.service';
import type { Database } from '@cutroom/core/platform/db/client';
import { messageRefusal } from '@cutroom/core/access/people-rules';
import { findUserByUsername } from '@cutroom/core/features/people/social/people-access';
import { listingContext, type SearchParamsPromise } from '@/components/browse/listing-data';
import { ComposeForm, type ComposeDraft } from '@/components/inbox/compose-form';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New message' };

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.slice(0, 200) ?? '';

/** "Re: subject", once, within the subject's limit. */
const replySubject = (subject: string) =>
  (/^re:/i.test(subject) ? subject : `Re: ${subject}`).slice(0, MAX_SUBJECT_LENGTH);

/** Why the member named `username` would refuse a message from the viewer, or null. */
async function refusalOf(db: Database, viewerId: string, username: string) {
  try {
    return await messageRefusal(db, viewerId, await findUserByUsername(db, username));
  } catch (error) {
    // An unknown name is the send's to refuse, naming the field.
    if (isServiceError(error)) return null;
    throw error;
  }
}

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
      const original = await readMessage({ db, actor: viewer, now: () => new Date() }, replyTo);
      const other = original.box === 'received' ? original.sender : original.recipient;
      draft.recipient = other.username;
      draft.subject = replySubject(original.subject);
      draft.ticket = original.ticket ?? undefined;
    } catch (error) {
      // A message deleted meanwhile (or not ours) leaves an empty form.
      if (!isServiceError(error)) throw error;
    }
  }
  // A recipient who would refuse the message: said before anything is written.
  const refusal = draft.recipient ? await refusalOf(db, viewer.id, draft.recipient) : null;
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="compose-page">
      <IntentLink href="/inbox" className="text-sm text-accent hover:underline">
        ← Inbox
      </IntentLink>
      <h1 className="text-2xl font-bold">{replyTo && draft.subject ? 'Reply' : 'New message'}</h1>
      {refusal && (
        <p
          role="status"
          className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
          data-testid="message-refused"
        >
          {refusal}
        </p>
      )}
      <ComposeForm
        initial={draft}
        signedIn
        limits={{ subject: MAX_SUBJECT_LENGTH, message: MAX_MESSAGE_LENGTH }}
      />
    </div>
  );
}
