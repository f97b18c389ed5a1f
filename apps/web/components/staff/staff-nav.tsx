'use client';

import { usePathname } from 'next/navigation';
import { IntentLink } from '@/components/ui/intent-link';

/** The moderation area's sections, in the order staff work through them. */
const STAFF_LINKS: { href: string; label: string }[] = [
  { href: '/moderation', label: 'Dashboard' },
  { href: '/moderation/reports', label: 'Reports' },
  { href: '/moderation/videos', label: 'Unpublished videos' },
  { href: '/moderation/comments', label: 'Held comments' },
  { href: '/moderation/lives', label: 'Lives on air' },
  { href: '/moderation/reuploads', label: 'Held re-uploads' },
  { href: '/moderation/support', label: 'Support tickets' },
  { href: '/moderation/users', label: 'Members' },
  { href: '/moderation/applications', label: 'Tagger applications' },
  { href: '/moderation/label-changes', label: 'Label changes' },
  { href: '/moderation/watched-words', label: 'Watched words' },
  { href: '/moderation/logs', label: 'Staff log' },
];

const ADMIN_LINKS: { href: string; label: string }[] = [
  { href: '/admin', label: 'Health' },
  { href: '/admin/redis-monitor', label: 'Redis monitor' },
  { href: '/admin/events', label: 'Events' },
];

/** Whether a link is the current section (its own path or a page below it). */
function isCurrent(pathname: string, href: string): boolean {
  if (href === '/moderation' || href === '/admin') return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The staff area's navigation: a row that scrolls on a phone, a column beside the page on a
 * wide screen. `admin` adds the administration pages (shown in the admin group).
 */
export function StaffNav({ admin = false }: { admin?: boolean }) {
  const pathname = usePathname();
  const groups = admin
    ? [
        { label: 'Moderation', links: STAFF_LINKS },
        { label: 'Administration', links: ADMIN_LINKS },
      ]
    : [{ label: 'Moderation', links: STAFF_LINKS }];
  return (
    <nav aria-label="Staff" className="lg:w-52 lg:shrink-0" data-testid="staff-nav">
      {groups.map((group) => (
        <div key={group.label} className="mb-3">
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-neutral-400">
            {group.label}
          </h2>
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {group.links.map((link) => {
              const current = isCurrent(pathname, link.href);
              return (
                <li key={link.href}>
                  <IntentLink
                    href={link.href}
                    aria-current={current ? 'page' : undefined}
                    className={`block rounded px-2 py-1 text-sm ${
                      current
                        ? 'bg-white/10 font-semibold text-white'
                        : 'text-neutral-300 hover:bg-white/5 hover:text-white'
                    }`}
                  >
                    {link.label}
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
