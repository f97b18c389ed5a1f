import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { loadEventForm } from '@cutroom/core/features/community/events/events.service';
import { FormMessage } from '@/components/auth/form-parts';
import { eventHref } from '@/components/events/event-card';
import { EventForm } from '@/components/events/event-form';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Edit event' };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Changing an event: every field, its windows in the admin's time zone. */
export default async function EditEventPage({ params, searchParams }: Props) {
  const viewer = await requirePageViewer('administer');
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const { database } = await getRuntime();
  const form = await loadEventForm({ db: database.db, actor: viewer }, id).catch(
    (error: unknown) => {
      if (isServiceError(error) && error.kind === 'not_found') notFound();
      throw error;
    },
  );
  const created = (await searchParams).created === '1';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="break-words text-2xl font-bold">{form.title}</h1>
        <IntentLink href={eventHref(form.slug)} className="text-sm underline">
          View the event page
        </IntentLink>
      </div>
      {created && <FormMessage kind="success">Event created.</FormMessage>}
      <EventForm key={`${form.id}-${form.slug}`} initial={form} />
    </div>
  );
}
