import type { NotificationEntry } from '@cutroom/core/features/people/notifications/notifications.service';
import { RelativeTime } from '@/components/ui/relative-time';
import { Avatar } from '../profile/avatar';

/**
 * Notifications, newest first: who, what, when. Each leads through /notifications/{id},
 * which marks it read and goes on to its target. Unread ones are bold with an orange mark.
 */
export function NotificationList({ entries }: { entries: NotificationEntry[] }) {
  return (
    <ul
      className="divide-y divide-white/10 rounded-lg bg-surface-raised"
      data-testid="notification-list"
    >
      {entries.map((entry) => (
        <li key={entry.id}>
          {/* A plain link: following it marks the notification read, so nothing prefetches it. */}
          <a
            href={`/notifications/${entry.id}`}
            data-testid="notification-entry"
            data-kind={entry.kind}
            data-unread={entry.unread || undefined}
            className="flex items-start gap-3 px-3 py-3 hover:bg-white/5 sm:px-4"
          >
            <span className="relative shrink-0">
              {entry.actor ? (
                <Avatar username={entry.actor.username} image={entry.actor.image} />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-lg"
                >
                  ★
                </span>
              )}
              {entry.unread && (
                <span
                  aria-hidden="true"
                  className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-surface-raised bg-accent"
                />
              )}
            </span>
            <span className="min-w-0 flex-1">
              <span
                className={`block break-words ${entry.unread ? 'font-semibold text-white' : 'text-neutral-300'}`}
              >
                {entry.unread && <span className="sr-only">Unread: </span>}
                {entry.text}
              </span>
              {entry.detail && (
                <span className="block break-words text-sm text-neutral-300">{entry.detail}</span>
              )}
              <span className="block text-xs text-neutral-400">
                <RelativeTime date={entry.createdAt} />
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
