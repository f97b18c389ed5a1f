import type { Metadata } from 'next';
import { FIRST_EVENT_SLUG } from '@cutroom/core/features/community/events/event-labels';
import { EventView, eventTitle } from '@/components/events/event-view';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await eventTitle(FIRST_EVENT_SLUG) };
}

/** The first event's page at its own address (docs/events.md; 404 until it exists). */
export default function FirstEventPage() {
  return <EventView slug={FIRST_EVENT_SLUG} />;
}
