import { IntentLink } from '@/components/ui/intent-link';
import type { InboxBox } from '@cutroom/core/features/people/messages/messages.schema';

type InboxTab = InboxBox | 'notifications';

const TABS: { box: InboxTab; label: string; href: string }[] = [
  { box: 'received', label: 'Received', href: '/inbox' },
  { box: 'sent', label: 'Sent', href: '/inbox?tab=sent' },
  { box: 'notifications', label: 'Notifications', href: '/notifications' },
];

/**
 * The inbox's two boxes and the notifications as links (they work without JavaScript and
 * keep Back working).
 */
export function InboxTabs({
  current,
  unreadCount,
  notificationCount = 0,
}: {
  current: InboxTab;
  unreadCount: number;
  notificationCount?: number;
}) {
  return (
    <nav aria-label="Message boxes">
      <ul className="flex flex-wrap gap-x-1 border-b border-white/10">
        {TABS.map((tab) => (
          <li key={tab.box}>
            <IntentLink
              href={tab.href}
              aria-current={tab.box === current ? 'page' : undefined}
              data-testid={`inbox-tab-${tab.box}`}
              className={`block border-b-2 px-3 py-2 text-sm ${
                tab.box === current
                  ? 'border-accent font-semibold text-white'
                  : 'border-transparent text-neutral-400 hover:text-white'
              }`}
            >
              {tab.label}
              {tab.box === 'received' && unreadCount > 0 && (
                <span className="ml-1.5 text-accent">{unreadCount} unread</span>
              )}
              {tab.box === 'notifications' && notificationCount > 0 && (
                <span className="ml-1.5 text-accent">{notificationCount} new</span>
              )}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
