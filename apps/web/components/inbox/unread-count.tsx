'use client';

import { useEffect, useState } from 'react';

/** Sent by inbox pages with the fresh count: the shell is not re-rendered on navigation. */
const UNREAD_EVENT = 'cutroom:unread-count';

/** The server's unread count, kept current by the inbox pages that change it. */
function useUnreadCount(initialCount: number): number {
  const [state, setState] = useState({ initialCount, count: initialCount });
  if (state.initialCount !== initialCount) setState({ initialCount, count: initialCount });
  useEffect(() => {
    const update = (event: Event) =>
      setState((current) => ({ ...current, count: (event as CustomEvent<number>).detail }));
    window.addEventListener(UNREAD_EVENT, update);
    return () => window.removeEventListener(UNREAD_EVENT, update);
  }, []);
  return state.count;
}

/** Rendered by inbox pages: tells the top bar how many messages are unread now. */
export function UnreadCountSync({ count }: { count: number }) {
  useEffect(() => {
    window.dispatchEvent(new CustomEvent(UNREAD_EVENT, { detail: count }));
  }, [count]);
  return null;
}

/**
 * The unread count as a badge: a number on the accent colour, read out as "3 unread
 * messages"; nothing when all are read.
 */
export function UnreadBadge({
  initialCount,
  className = '',
}: {
  initialCount: number;
  className?: string;
}) {
  const count = useUnreadCount(initialCount);
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold leading-none text-black ${className}`}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`${count} unread message${count === 1 ? '' : 's'}`}</span>
    </span>
  );
}
