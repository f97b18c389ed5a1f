import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/intent-link';
import { notFound } from 'next/navigation';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { countUnread, readMessage } from '@cutroom/core/features/people/messages/messages.service';
import { listingContext } from '@/components/browse/listing-data';
import { DeleteMessageButton } from '@/components/inbox/delete-message-button';
import { formatMessageDate } from '@/components/inbox/message-date';
import { requirePageViewer } from '@/lib/server/page-access';
import { UnreadCountSync } from '@/components/inbox/unread-count';
import { Avatar } from '@/components/profile/avatar';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Message' };

const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** One message, opened: opening a received one marks it read. */
export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  const viewer = await requirePageViewer();
  const { db } = await listingContext();
  let message;
  try {
    message = await readMessage({ db, actor: viewer, now: () => new Date() }, id);
  } catch (error) {
    if (isServiceError(error) && (error.kind === 'not_found' || error.kind === 'invalid')) {
      notFound();
    }
    throw error;
  }
  const unreadCount = await countUnread(db, viewer.id);
  const received = message.box === 'received';
  const other = received ? message.sender : message.recipient;
  const boxHref = received ? '/inbox' : '/inbox?tab=sent';

  return (
    <article className="mx-auto max-w-3xl space-y-5" data-testid="message-page">
      <UnreadCountSync count={unreadCount} />
      <IntentLink href={boxHref} className="text-sm text-accent hover:underline">
        ← {received ? 'Received' : 'Sent'} messages
      </IntentLink>
      <h1 className="break-words text-2xl font-bold" data-testid="message-subject">
        {message.subject}
      </h1>
      <div className="flex items-center gap-3">
        <Avatar username={other.username} image={other.image} size={48} />
        <dl className="min-w-0 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-neutral-400">From</dt>
            <dd className="min-w-0 truncate">
              <IntentLink
                href={profileHref(message.sender.username)}
                className="font-semibold hover:underline"
                data-testid="message-sender"
              >
                {message.sender.username}
              </IntentLink>
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-neutral-400">To</dt>
            <dd className="min-w-0 truncate">
              <IntentLink
                href={profileHref(message.recipient.username)}
                className="hover:underline"
              >
                {message.recipient.username}
              </IntentLink>
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-neutral-400">Sent</dt>
            <dd>
              <time dateTime={message.createdAt}>
                {formatMessageDate(new Date(message.createdAt))}
              </time>
            </dd>
          </div>
          {message.ticket && (
            <div className="flex gap-1.5">
              <dt className="text-neutral-400">Ticket</dt>
              <dd>
                {/^T-\d+$/.test(message.ticket) ? (
                  <IntentLink
                    href={`/ticket/history/${message.ticket.slice(2)}`}
                    className="text-accent hover:underline"
                    data-testid="message-ticket"
                  >
                    {message.ticket}
                  </IntentLink>
                ) : (
                  message.ticket
                )}
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div
        className="whitespace-pre-wrap break-words rounded-lg bg-surface-raised p-4 leading-relaxed text-neutral-100"
        data-testid="message-text"
      >
        {message.message}
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <IntentLink
          href={
            received
              ? `/inbox/new?reply=${encodeURIComponent(message.id)}`
              : `/inbox/new?to=${encodeURIComponent(other.username)}`
          }
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
          data-testid="reply"
        >
          {received ? 'Reply' : `Write to ${other.username} again`}
        </IntentLink>
        <DeleteMessageButton id={message.id} box={message.box} otherUsername={other.username} />
      </div>
    </article>
  );
}
