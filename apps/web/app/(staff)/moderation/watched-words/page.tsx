import type { Metadata } from 'next';
import { listWatchedWordLists } from '@cutroom/core/features/moderation/watched-words/watched-words.service';
import { listingContext } from '@/components/browse/listing-data';
import { WatchedWordsEditor } from '@/components/moderation/watched-words-editor';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Watched words' };

/** The site's lists of watched words (docs/moderation.md); each change is logged. */
export default async function WatchedWordsPage() {
  const viewer = await requirePageViewer('moderate');
  const { db } = await listingContext();
  const lists = await listWatchedWordLists({ db, actor: viewer }, 'site');
  return (
    <div className="max-w-3xl space-y-4" data-testid="moderation-watched-words">
      <h1 className="text-2xl font-bold">Watched words</h1>
      <p className="text-sm text-neutral-300">
        Comments, titles, descriptions and messages that use a word or phrase of a list are held for
        review (comments: they wait in the held comments) or refused, as the list says. Titles,
        descriptions and messages have no review queue: only refusing lists act on them.
      </p>
      <WatchedWordsEditor scope="Site" initial={lists} />
    </div>
  );
}
