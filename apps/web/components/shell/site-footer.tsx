import { ThemeSwitch } from '@/components/theme/theme-switch';
import { NavLink } from '@/components/ui/nav-link';

const FOOTER_LINKS = [
  { href: '/faq', label: 'FAQ' },
  { href: '/contact', label: 'Contact' },
  { href: '/contribute', label: 'Contribute' },
  { href: '/support', label: 'Become a supporter' },
  { href: '/api', label: 'API' },
  { href: '/av1', label: 'AV1' },
  { href: '/policy', label: 'Content policy' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/dmca', label: 'DMCA' },
  { href: '/2257', label: '2257' },
  { href: '/csam', label: 'CSAM policy' },
];

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-12 border-t border-white/10 px-4 py-8 text-sm text-neutral-400">
      <nav aria-label="Site" className="mx-auto max-w-[1280px]">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <li key={link.href}>
              <NavLink href={link.href} className="hover:text-white aria-[current=page]:text-white">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p>© {siteName}. Powered by Cutroom.</p>
          <ThemeSwitch />
        </div>
      </nav>
    </footer>
  );
}
