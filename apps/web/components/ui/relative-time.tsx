'use client';

import { useEffect, useState } from 'react';
import { formatRelativeAge } from '@/lib/format';

/**
 * "10 minutes ago" in a client component. The server's words stay until the page has
 * hydrated, then the browser's clock takes over: a cached page rendered a minute earlier
 * would otherwise disagree with the browser and fail hydration (React #418).
 */
export function RelativeTime({ date }: { date: string | Date }) {
  const value = new Date(date);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  return (
    <time dateTime={value.toISOString()} title={value.toUTCString()} suppressHydrationWarning>
      {formatRelativeAge(value, now ?? undefined)}
    </time>
  );
}
