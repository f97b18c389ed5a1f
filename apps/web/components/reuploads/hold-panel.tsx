import type { ReuploadHold } from '@cutroom/core/features/moderation/reuploads/holds.service';
import { IntentLink } from '@/components/ui/intent-link';
import { DisputeForm } from './dispute-form';
import { HoldDecision } from './hold-decision';
import { MatchedStretches } from './matched-stretches';

export { HoldDecision };

/** The matched videos' titles by id, as the reader may see them. */
export const holdTitles = (hold: ReuploadHold) =>
  new Map(hold.matchedVideos.map((side) => [side.id, side.title]));

/**
 * Why a video is held as a re-upload, on its page for its owner and staff: the original it is
 * held against (or "a private video" the owner may not open), the matched stretches, and (for
 * the owner, while held) the dispute form; once staff decided, their decision, kept on the
 * page after it is published.
 */
export function HoldPanel({ hold, isOwner }: { hold: ReuploadHold; isOwner: boolean }) {
  return (
    <section
      aria-label="Held as a re-upload"
      className="mb-3 space-y-2 rounded-lg border border-orange-400/40 bg-orange-950/30 px-4 py-3"
      data-testid="hold-panel"
    >
      <h2 className="font-semibold">
        {hold.state === 'held'
          ? 'Held before publishing: it matches another member’s video'
          : hold.state === 'released'
            ? 'Staff published this video after a review'
            : 'Staff refused this video: it copies another member’s video'}
      </h2>
      {hold.matched ? (
        <p className="text-sm">
          Matched:{' '}
          <IntentLink href={`/video/${hold.matched.slug}_${hold.matched.id}`} className="underline">
            {hold.matched.title}
          </IntentLink>{' '}
          by {hold.matched.owner}
        </p>
      ) : hold.isMatchPrivate ? (
        <p className="text-sm">Matched: a private video.</p>
      ) : (
        <p className="text-sm">The matched video has since been removed.</p>
      )}
      <MatchedStretches matches={hold.matches} titles={holdTitles(hold)} />
      <HoldDecision hold={hold} />
      {hold.state === 'held' && isOwner && (
        <DisputeForm videoId={hold.video.id} current={hold.dispute} />
      )}
      {hold.state === 'held' && !isOwner && hold.dispute && (
        <p className="text-sm">The uploader disputes it: {hold.dispute}</p>
      )}
    </section>
  );
}
