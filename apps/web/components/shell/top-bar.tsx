import { IntentLink } from '@/components/ui/intent-link';
import { NavLink } from '@/components/ui/nav-link';
import { AccountMenu } from '@/components/shell/account-menu';
import { HeaderMenu } from '@/components/shell/header-menu';
import { NAV_LINKS } from '@/lib/server/site';

/**
 * The top component: brand, search, listing navigation and the account menu. The same for
 * everyone: the member's own parts (account menu, badges) come from MemberPartsProvider.
 */
export function TopBar({ siteName }: { siteName: string }) {
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
        <AccountMenu />
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
