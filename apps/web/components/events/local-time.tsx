'use client';

import { useEffect, useState } from 'react';

/** Date and time with the zone's name (dateStyle and timeStyle refuse timeZoneName). */
const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { ...PARTS, timeZone: 'UTC' });

/**
 * A moment in the reader's own language and time zone. The server does not know them: it
 * writes UTC, and the browser rewrites it once the page has hydrated.
 */
export function LocalTime({ date }: { date: string }) {
  const value = new Date(date);
  const [text, setText] = useState(UTC_FORMAT.format(value));
  useEffect(() => {
    setText(new Intl.DateTimeFormat(undefined, PARTS).format(new Date(date)));
  }, [date]);
  return (
    <time dateTime={value.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
