import type { Metadata } from 'next';
import { listWatchedWordLists } from '@cutroom/core/features/moderation/watched-words/watched-words.service';
import { listingContext } from '@/components/browse/listing-data';
import { WatchedWordsEditor } from '@/components/moderation/watched-words-editor';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'My watched words' };

/** A member's own watched words, for the comments under their videos (docs/moderation.md). */
export default async function MyWatchedWordsPage() {
  const viewer = await requirePageViewer('upload');
  const { db } = await listingContext();
  const lists = await listWatchedWordLists({ db, actor: viewer }, 'mine');
  return (
    <div className="max-w-3xl space-y-4" data-testid="my-watched-words">
      <h1 className="text-2xl font-bold">My watched words</h1>
      <p className="text-sm text-neutral-300">
        Comments under your videos that use one of these words or phrases are held for the
        moderators’ review or refused, as you choose. The site’s own lists apply too.
      </p>
      <WatchedWordsEditor scope="Mine" initial={lists} />
    </div>
  );
}
