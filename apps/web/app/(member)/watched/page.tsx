import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import {
  clearWatchHistory,
  listWatchHistory,
} from '@cutroom/core/features/library/history/history.service';
import { requirePageViewer } from '@/lib/server/page-access';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { getRuntime } from '@/lib/server/runtime';
import { getViewer } from '@/lib/server/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Watched' };

async function clearHistory() {
  'use server';
  const viewer = await getViewer(await headers());
  if (!viewer) return;
  const { database } = await getRuntime();
  await clearWatchHistory(database.db, viewer.id);
  revalidatePath('/watched');
}

/** The signed-in viewer's watch history, most recent first, with a way to clear it. */
export default async function WatchedPage({ searchParams }: { searchParams: SearchParamsPromise }) {
  const viewer = await requirePageViewer();
  const { db, toCards } = await listingContext();
  const index = pageIndexFrom((await searchParams).page);
  const history = await listWatchHistory(db, viewer.id, { index });
  return (
    <Listing
      title="Watched"
      description="Videos you watched, most recent first."
      page={{ ...history, data: toCards(history.data) }}
      basePath="/watched"
      empty={{
        title: 'Nothing watched yet',
        body: 'Videos you watch show up here.',
        action: { href: '/', label: 'Find something to watch' },
      }}
    >
      {history.count > 0 && (
        <form action={clearHistory} className="mb-4">
          <button
            type="submit"
            className="rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10"
            data-testid="clear-history"
          >
            Clear history
          </button>
        </form>
      )}
    </Listing>
  );
}
