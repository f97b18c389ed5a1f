import { listWatchLater } from '@cutroom/core/features/library/watch-later/library.service';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Watch later' };

/** The member's Watch later list, most recently saved first; each card's button removes it. */
export default async function WatchLaterPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer();
  const { db, toCards } = await listingContext();
  const index = pageIndexFrom((await searchParams).page);
  const page = await listWatchLater({ db, actor: viewer }, { index });
  return (
    <Listing
      title="Watch later"
      description="Videos you saved to watch, most recently saved first."
      page={{ ...page, countIsCapped: false, data: toCards(page.data) }}
      basePath="/watch-later"
      empty={{
        title: 'Nothing saved to watch later',
        body: 'Press “Watch later” on a video or a card to keep it here.',
        action: { href: '/', label: 'Find something to watch' },
      }}
    />
  );
}
