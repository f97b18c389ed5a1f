import { IntentLink } from '@/components/ui/intent-link';

/** The partner section's own links, under its name. */
export function PartnerNav({
  base,
  name,
  manages,
  current,
}: {
  base: string;
  name: string;
  manages: boolean;
  current: string;
}) {
  const links = [
    { href: base, label: 'Channel' },
    { href: `${base}/all`, label: 'All videos' },
    { href: `${base}/popular`, label: 'Popular' },
    { href: `${base}/subscribe`, label: 'Subscribe' },
    { href: `${base}/subscriptions`, label: 'My subscriptions' },
    ...(manages
      ? [
          { href: `${base}/upload`, label: 'Upload' },
          { href: `${base}/uploads`, label: 'My uploads' },
          { href: '/padmin', label: 'Partner admin' },
        ]
      : []),
  ];
  return (
    <nav aria-label={`${name} channel`} className="mb-5 border-b border-white/10 pb-3">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-accent">
        Partner channel
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <IntentLink
              href={link.href}
              aria-current={current === link.href ? 'page' : undefined}
              className={
                current === link.href
                  ? 'font-semibold text-white underline underline-offset-4'
                  : 'text-neutral-300 hover:text-white'
              }
            >
              {link.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
