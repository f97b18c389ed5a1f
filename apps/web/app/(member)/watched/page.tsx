import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import Link from 'next/link';
import { clearWatchHistory, listWatchHistory } from '@cutroom/core/history/history.service';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { EmptyState } from '@/components/video/video-grid';
import { getRuntime } from '@/lib/runtime';
import { getViewer } from '@/lib/session';

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
  const { db, viewer, toCards } = await listingContext();
  if (!viewer) {
    return (
      <EmptyState
        title="Sign in to see what you watched"
        action={{ href: '/login?next=/watched', label: 'Sign in' }}
      >
        Your watch history is kept for your account only.{' '}
        <Link href="/register" className="text-accent underline">
          Create an account
        </Link>
      </EmptyState>
    );
  }
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
