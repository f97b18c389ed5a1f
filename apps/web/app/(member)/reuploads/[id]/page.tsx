import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadReuploadHold } from '@cutroom/core/features/moderation/reuploads/holds.service';
import { HoldDecision, holdTitles } from '@/components/reuploads/hold-panel';
import { MatchedStretches } from '@/components/reuploads/matched-stretches';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'A held copy of your video', robots: { index: false } };

/**
 * A held upload's hold page (docs/reuploads.md): where the notice to the owner of the video it
 * copies leads. Its uploader, the owners of the videos it matches and staff may open it: the
 * copy's title and uploader, where it matches their video, and staff's decision once made.
 */
export default async function HoldPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePageViewer('participate');
  const { id } = await params;
  const { database } = await getRuntime();
  const hold = await loadReuploadHold(
    { db: database.db, actor: viewer, now: () => new Date() },
    id,
  );
  if (!hold) notFound();
  const isUploader = hold.video.owner === viewer.username;
  return (
    <section className="mx-auto max-w-3xl space-y-3" data-testid="hold-page">
      <h1 className="text-2xl font-bold">
        {hold.state === 'held' ? 'A held copy' : 'A copy staff reviewed'}: “{hold.video.title}”
      </h1>
      <p className="text-sm text-neutral-300">
        Uploaded by{' '}
        <IntentLink href={`/profile/${hold.video.owner}`} className="underline">
          {hold.video.owner}
        </IntentLink>{' '}
        <RelativeTime date={hold.createdAt} />.{' '}
        {hold.state === 'held'
          ? 'It is held before publishing: nobody else sees it while staff decide, and you will be told what they decide.'
          : ''}
      </p>
      {isUploader && (
        <p className="text-sm">
          <IntentLink href={`/video/${hold.video.slug}_${hold.video.id}`} className="underline">
            Open your video
          </IntentLink>
        </p>
      )}
      {hold.matched && (
        <p className="text-sm">
          Original:{' '}
          <IntentLink href={`/video/${hold.matched.slug}_${hold.matched.id}`} className="underline">
            {hold.matched.title}
          </IntentLink>{' '}
          by {hold.matched.owner}
        </p>
      )}
      <MatchedStretches matches={hold.matches} titles={holdTitles(hold)} />
      <HoldDecision hold={hold} />
    </section>
  );
}
