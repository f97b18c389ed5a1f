'use client';

import { useEffect, useState } from 'react';
import { IntentLink } from '@/components/ui/intent-link';
import { callApi } from '../../lib/client/api';

/** Sent by the notification pages with the fresh count: the shell is not re-rendered. */
export const NOTIFICATION_COUNT_EVENT = 'cutroom:notification-count';

/**
 * The bell in the top bar: the unread notification count, kept live by the server-sent
 * events of /api/notifications/events (each tells that the count changed, and the bell asks
 * for it again). Leads to the notification list. Rendered for members only.
 */
export function NotificationBell() {
  const [count, setCount] = useState(0);

  useEffect(() => {
    const set = (next: number) => setCount(next);
    const fromPage = (event: Event) => set((event as CustomEvent<number>).detail);
    window.addEventListener(NOTIFICATION_COUNT_EVENT, fromPage);
    let asking = false;
    let askAgain = false;
    const refresh = async () => {
      if (asking) {
        askAgain = true;
        return;
      }
      asking = true;
      const result = await callApi('/api/notifications', {
        mode: 'Count',
      });
      asking = false;
      if (result.ok) set(result.body.unreadCount);
      if (askAgain) {
        askAgain = false;
        void refresh();
      }
    };
    // Pages are served alike to everyone: the member's count is asked for once here.
    void refresh();
    const source = new EventSource('/api/notifications/events');
    source.addEventListener('notifications', () => void refresh());
    // A reconnection may have missed events: ask once it is open again.
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) void refresh();
      opened = true;
    });
    return () => {
      source.close();
      window.removeEventListener(NOTIFICATION_COUNT_EVENT, fromPage);
    };
  }, []);

  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications, none unread';
  return (
    <IntentLink
      href="/notifications"
      prefetch={false}
      aria-label={label}
      data-testid="notification-bell"
      data-count={count}
      className="relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-neutral-200 hover:bg-white/10 hover:text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-current">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold leading-none text-black ring-2 ring-surface-raised"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </IntentLink>
  );
}

/** Rendered by the notification pages: tells the bell how many are unread now. */
export function NotificationCountSync({ count }: { count: number }) {
  useEffect(() => {
    window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: count }));
  }, [count]);
  return null;
}
