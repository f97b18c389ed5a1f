import { IntentLink } from '@/components/ui/intent-link';
import { DEFAULT_FILTERS } from '@cutroom/core/features/discovery/browse/browse.schema';
import { listVideos } from '@cutroom/core/features/discovery/browse/browse.service';
import { SUBSCRIPTIONS_PAGE_SIZE } from '@cutroom/core/features/people/subscriptions/subscriptions.service';
import { requirePageViewer } from '@/lib/server/page-access';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Subscriptions' };

/** New videos from the people the viewer subscribes to, newest first, 18 a page. */
export default async function SubscriptionsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer();
  const { db, now, toCardPage } = await listingContext();
  const index = pageIndexFrom((await searchParams).page);
  const page = await listVideos(
    { db, actor: viewer, now },
    {
      filters: { ...DEFAULT_FILTERS, subscriptions: true },
      index,
      pageSize: SUBSCRIPTIONS_PAGE_SIZE,
    },
  );
  return (
    <Listing
      title="Subscriptions"
      description={
        <>
          New videos from the people you follow.{' '}
          <IntentLink href="/profile?tab=subscriptions" className="text-accent underline">
            Whom you follow
          </IntentLink>
        </>
      }
      page={toCardPage(page)}
      basePath="/subscriptions"
      empty={{
        title: 'Nothing from your subscriptions yet',
        body: 'Subscribe to uploaders you like: their new videos show up here.',
        action: { href: '/popular', label: 'Find uploaders' },
      }}
    />
  );
}
