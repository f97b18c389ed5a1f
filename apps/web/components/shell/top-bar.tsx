import { IntentLink } from '@/components/ui/intent-link';
import { NavLink } from '@/components/ui/nav-link';
import type { Actor } from '@cutroom/core/api/endpoint';
import { countUnread } from '@cutroom/core/messages/messages.service';
import { can, STAFF_RIGHT } from '@cutroom/core/access/rights';
import { SessionKeeper } from '@/components/auth/session-keeper';
import { HeaderMenu, type HeaderMenuLink } from '@/components/shell/header-menu';
import { UnreadBadge } from '@/components/inbox/unread-count';
import { getRuntime } from '@/lib/runtime';
import { NAV_LINKS } from '@/lib/site';

/** The top component: brand, search, listing navigation and the account menu. */
export async function TopBar({ siteName, viewer }: { siteName: string; viewer: Actor | null }) {
  const unreadCount = viewer ? await countUnread((await getRuntime()).database.db, viewer.id) : 0;
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-surface-raised/95 backdrop-blur">
      <div className="mx-auto flex max-w-[1920px] items-center gap-3 px-3 py-2 sm:px-4">
        <IntentLink href="/" className="shrink-0 text-xl font-bold tracking-tight text-white">
          <span className="text-accent">Cut</span>room
          <span className="sr-only"> — {siteName} home</span>
        </IntentLink>
        <nav aria-label="Listings" className="hidden md:block">
          <ul className="flex gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink
                  href={link.href}
                  className="rounded px-3 py-2 text-sm text-neutral-300 hover:bg-white/10 hover:text-white aria-[current=page]:text-accent"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <form
          action="/search"
          method="get"
          role="search"
          aria-label="Site search"
          className="ml-auto min-w-0 flex-1 md:max-w-md"
        >
          <label htmlFor="site-search" className="sr-only">
            Search videos
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            placeholder="Search videos"
            className="w-full rounded-full border border-white/15 bg-surface px-4 py-2 text-sm text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none"
          />
        </form>
        <AccountMenu viewer={viewer} unreadCount={unreadCount} />
        <HeaderMenu
          label="Menu"
          testId="nav-menu"
          triggerClassName="flex h-10 w-10 items-center justify-center rounded hover:bg-white/10 md:hidden"
          trigger={
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-current">
              <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
          }
          links={NAV_LINKS.map((link) => ({ href: link.href, label: link.label }))}
        />
      </div>
    </header>
  );
}

function AccountMenu({ viewer, unreadCount }: { viewer: Actor | null; unreadCount: number }) {
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
  const links: HeaderMenuLink[] = [
    { href: '/profile', label: 'Profile' },
    { href: '/upload', label: 'Upload' },
    { href: '/subscriptions', label: 'Subscriptions' },
    { href: '/inbox', label: 'Inbox', extra: <UnreadBadge initialCount={unreadCount} /> },
    { href: '/profile/settings', label: 'Settings' },
  ];
  // Decided on the server from the rights table: no request, no refusal in the console.
  if (can(viewer, STAFF_RIGHT)) {
    links.push({ href: '/moderation', label: 'Moderation', testId: 'admin-link' });
  }
  return (
    <>
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
