import { IntentLink } from '@/components/ui/intent-link';
import type { InboxBox } from '@cutroom/core/features/people/messages/messages.schema';
import type { InboxEntry } from '@cutroom/core/features/people/messages/messages.service';
import { formatRelativeAge } from '@/lib/format';
import { Avatar } from '../profile/avatar';
import { formatMessageDate } from './message-date';

/**
 * A box of messages, newest first: the other person, the subject, the start of the text and
 * when. Unread ones are bold with an orange mark (and say so to screen readers).
 */
export function InboxList({ entries, box }: { entries: InboxEntry[]; box: InboxBox }) {
  const now = new Date();
  return (
    <ul className="divide-y divide-white/10 rounded-lg bg-surface-raised" data-testid="inbox-list">
      {entries.map((entry) => {
        const other = box === 'received' ? entry.sender : entry.recipient;
        const createdAt = new Date(entry.createdAt);
        return (
          <li key={entry.id}>
            {/* Not prefetched: opening a received message marks it read. */}
            <IntentLink
              href={`/inbox/${entry.id}`}
              prefetch={false}
              data-testid="inbox-entry"
              data-unread={entry.unread || undefined}
              className="flex items-start gap-3 px-3 py-3 hover:bg-white/5 sm:px-4"
            >
              <span className="relative shrink-0">
                <Avatar username={other.username} image={other.image} />
                {entry.unread && (
                  <span
                    aria-hidden="true"
                    className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-surface-raised bg-accent"
                  />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={`min-w-0 truncate text-sm ${entry.unread ? 'font-bold text-white' : 'text-neutral-300'}`}
                  >
                    {box === 'sent' && <span className="text-neutral-500">To </span>}
                    {other.username}
                  </span>
                  <time
                    dateTime={entry.createdAt}
                    title={formatMessageDate(createdAt)}
                    className="shrink-0 text-xs text-neutral-500"
                  >
                    {formatRelativeAge(createdAt, now)}
                  </time>
                </span>
                <span
                  className={`block truncate ${entry.unread ? 'font-semibold text-white' : 'text-neutral-200'}`}
                >
                  {entry.unread && <span className="sr-only">Unread: </span>}
                  {entry.subject}
                </span>
                <span className="block truncate text-sm text-neutral-400">{entry.preview}</span>
              </span>
            </IntentLink>
          </li>
        );
      })}
    </ul>
  );
}
