'use client';

import { usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';
import { IntentLink } from './intent-link';

/** A link of a navigation list: marked as the current page (aria-current) when it is. */
export function NavLink(props: ComponentProps<typeof IntentLink> & { href: string }) {
  const pathname = usePathname();
  return <IntentLink {...props} aria-current={pathname === props.href ? 'page' : undefined} />;
}
