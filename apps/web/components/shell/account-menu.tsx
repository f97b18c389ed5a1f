'use client';

import { SessionKeeper } from '@/components/auth/session-keeper';
import { UnreadBadge } from '@/components/inbox/unread-count';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { HeaderMenu, type HeaderMenuLink } from '@/components/shell/header-menu';
import { useMemberViewer } from '@/components/shell/member-parts';
import { IntentLink } from '@/components/ui/intent-link';

/**
 * The top bar's account corner: sign-in links for a visitor, the account menu for a member.
 * On a page served alike to everyone it starts as a visitor's and turns into the member's
 * when their parts come in (docs/decisions/0024).
 */
export function AccountMenu() {
  const viewer = useMemberViewer();
  if (!viewer) {
    return (
      <div className="flex shrink-0 gap-2">
        <IntentLink
          href="/login"
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
        >
          Sign in
        </IntentLink>
        <IntentLink
          href="/register"
          className="hidden rounded-full border border-white/20 px-4 py-2 text-sm text-white hover:bg-white/10 sm:block"
        >
          Register
        </IntentLink>
      </div>
    );
  }
  const unreadCount = viewer.unreadMessages;
  const links: HeaderMenuLink[] = [
    { href: '/profile', label: 'Profile' },
    { href: '/upload', label: 'Upload' },
    { href: '/go-live', label: 'Go live' },
    { href: '/subscriptions', label: 'Subscriptions' },
    { href: '/watch-later', label: 'Watch later' },
    { href: '/watched', label: 'Watched' },
    { href: '/inbox', label: 'Inbox', extra: <UnreadBadge initialCount={unreadCount} /> },
    { href: '/notifications', label: 'Notifications' },
    { href: '/ticket/history', label: 'Support tickets' },
    { href: '/profile/settings', label: 'Settings' },
    { href: '/watched-words', label: 'Watched words' },
  ];
  // From the rights table on the server: no request, no refusal in the console.
  if (viewer.staff) {
    links.push({ href: '/moderation', label: 'Moderation', testId: 'admin-link' });
  }
  return (
    <>
      <NotificationBell />
      <HeaderMenu
        label={null}
        testId="account-menu"
        triggerClassName="flex items-center gap-2 rounded-full px-2 py-1 hover:bg-white/10"
        trigger={
          <>
            <span className="relative">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 items-center justify-center rounded-full bg-accent font-bold text-black"
              >
                {viewer.username.slice(0, 1).toUpperCase()}
              </span>
              <UnreadBadge
                initialCount={unreadCount}
                className="absolute -right-2 -top-1.5 ring-2 ring-surface-raised"
              />
            </span>
            <span className="sr-only">Account menu of </span>
            <span className="sr-only sm:not-sr-only sm:text-sm">{viewer.username}</span>
          </>
        }
        links={links}
        signOut
      />
      <SessionKeeper />
    </>
  );
}
