'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * After a client-side navigation, focus moves to the new page's main heading, so keyboard and
 * screen-reader users start on the new page rather than on the link they left (Next.js's own
 * route announcer reads the new title out).
 */
export function RouteFocus() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector('main');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
