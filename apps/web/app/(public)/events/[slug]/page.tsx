import type { Metadata } from 'next';
import { EventView, eventTitle } from '@/components/events/event-view';

export const dynamic = 'force-dynamic';

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: await eventTitle((await params).slug) };
}

/** An event's page: rules, dates, entries, votes and results. */
export default async function EventPage({ params }: { params: Params }) {
  return <EventView slug={(await params).slug} />;
}
