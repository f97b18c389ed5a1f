'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * The member's ticket page, kept live: staff answering or closing the ticket tells the member
 * (a notification), and the page is fetched again when the member's notifications change.
 */
export function TicketLive() {
  const router = useRouter();
  useEffect(() => {
    const source = new EventSource('/api/notifications/events');
    source.addEventListener('notifications', () => router.refresh());
    return () => source.close();
  }, [router]);
  return null;
}
