'use client';

import { useEffect, useState } from 'react';

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * A moment in the reader's own language and time zone. The server does not know them: it
 * writes UTC, and the browser rewrites it once the page has hydrated.
 */
export function LocalTime({ date }: { date: string }) {
  const value = new Date(date);
  const [text, setText] = useState(`${UTC_FORMAT.format(value)} UTC`);
  useEffect(() => {
    setText(
      new Intl.DateTimeFormat(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZoneName: 'short',
      }).format(new Date(date)),
    );
  }, [date]);
  return (
    <time dateTime={value.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
