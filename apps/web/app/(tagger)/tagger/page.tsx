import type { Metadata } from 'next';
import { getMetadataLists } from '@cutroom/core/features/videos/metadata/metadata.service';
import {
  countMyChanges,
  listTaggerQueue,
} from '@cutroom/core/features/community/tagging/tagger.service';
import { TaggerWorkbench, type TaggerItem } from '@/components/tagging/tagger-workbench';
import type { LabelKind, LabelSuggestion } from '@/components/upload/label-input';
import { mediaUrl } from '@/components/video/card-video';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tagger queue' };

/** Suggestions each label field offers: the names in use, most used first. */
const SUGGESTIONS_PER_KIND = 300;

const toSuggestions = (counts: Record<string, number>): LabelSuggestion[] =>
  Object.entries(counts).map(([name, count]) => ({ name, count }));

/** The tagger's queue: videos with few, disputed or reported labels, edited by keyboard. */
export default async function TaggerPage() {
  const viewer = await requirePageViewer('tag');
  const runtime = await getRuntime();
  const { db } = runtime.database;
  const [queue, mine, lists] = await Promise.all([
    listTaggerQueue({ db, actor: viewer }),
    countMyChanges({ db, actor: viewer, now: () => new Date() }),
    getMetadataLists(db, { limit: SUGGESTIONS_PER_KIND }),
  ]);
  const base = runtime.storage.publicBaseUrl;
  const items: TaggerItem[] = queue.map(({ posterKey, ...item }) => ({
    ...item,
    posterUrl: posterKey ? mediaUrl(base, posterKey) : null,
  }));
  const suggestions: Record<LabelKind, LabelSuggestion[]> = {
    tag: toSuggestions(lists.tags),
    music: toSuggestions(lists.music),
    star: toSuggestions(lists.stars),
    creator: toSuggestions(lists.creators),
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Tagger queue</h1>
        <p className="text-sm text-neutral-300" data-testid="tagger-counts">
          Your changes: <strong>{mine.total}</strong> standing, {mine.week} this week
          {mine.reverted > 0 ? `, ${mine.reverted} reverted` : ''} ·{' '}
          <IntentLink href="/tagging/guide" className="text-accent underline hover:no-underline">
            Tagging guide
          </IntentLink>
        </p>
      </div>
      <TaggerWorkbench items={items} suggestions={suggestions} />
    </div>
  );
}
