'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import {
  useEffect,
  useRef,
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
  type TouchEvent,
} from 'react';

type LinkProps = ComponentProps<typeof Link>;

/** A pointer resting this long on a link is taken as intent; sweeping across a grid is not. */
const HOVER_INTENT_MS = 80;
/** Prefetches started at once; the rest wait their turn. */
const MAX_AT_ONCE = 3;
/** How long one prefetch holds its place (router.prefetch answers nothing to wait on). */
const SLOT_MS = 400;

/** A route prefetched this recently is not asked for again (Next.js keeps it about as long). */
const FRESH_MS = 30_000;

const prefetchedAt = new Map<string, number>();
const waiting: (() => void)[] = [];
let running = 0;

function schedule(start: () => void): void {
  if (running >= MAX_AT_ONCE) {
    waiting.push(start);
    return;
  }
  running += 1;
  start();
  setTimeout(() => {
    running -= 1;
    const next = waiting.shift();
    if (next) schedule(next);
  }, SLOT_MS);
}

function hrefText(href: LinkProps['href']): string | null {
  if (typeof href === 'string') return href;
  if (!href.pathname) return null;
  const query = new URLSearchParams(
    Object.entries(href.query ?? {}).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : value == null ? [] : [value]).map(
        (v) => [key, String(v)] as [string, string],
      ),
    ),
  ).toString();
  return `${href.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The site's link: never prefetched for being on screen (Next.js would fetch every link in the
 * viewport, 35–45 routes a page), but on intent (a pointer resting on it, focus, a touch), each
 * route at most once in 30 s and a few at a time. `prefetch={false}` turns intent off too, for
 * a link whose page must not be loaded before it is opened.
 */
export function IntentLink({
  href,
  prefetch,
  onMouseEnter,
  onMouseLeave,
  onFocus,
  onTouchStart,
  ...rest
}: Omit<LinkProps, 'prefetch'> & { prefetch?: false }) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const isIntentOn = prefetch !== false;

  const prefetchNow = () => {
    const target = hrefText(href);
    if (!target || !target.startsWith('/')) return;
    const last = prefetchedAt.get(target);
    if (last !== undefined && Date.now() - last < FRESH_MS) return;
    prefetchedAt.set(target, Date.now());
    schedule(() => router.prefetch(target));
  };

  return (
    <Link
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        if (!isIntentOn) return;
        clearTimeout(timer.current ?? undefined);
        timer.current = setTimeout(prefetchNow, HOVER_INTENT_MS);
      }}
      onMouseLeave={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseLeave?.(event);
        clearTimeout(timer.current ?? undefined);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        if (isIntentOn) prefetchNow();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        if (isIntentOn) prefetchNow();
      }}
    />
  );
}
