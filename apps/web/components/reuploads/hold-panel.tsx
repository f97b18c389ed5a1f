import type { ReuploadHold } from '@cutroom/core/features/moderation/reuploads/holds.service';
import { IntentLink } from '@/components/ui/intent-link';
import { DisputeForm } from './dispute-form';
import { MatchedStretches } from './matched-stretches';

/**
 * Why a video is held as a re-upload, on its page for its owner and staff: the matched video,
 * the matched stretches, and (for the owner, while held) the dispute form; once staff decided,
 * their decision.
 */
export function HoldPanel({ hold, isOwner }: { hold: ReuploadHold; isOwner: boolean }) {
  const titles = new Map(hold.matched ? [[hold.matched.id, hold.matched.title]] : []);
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
      ) : (
        <p className="text-sm">The matched video has since been removed.</p>
      )}
      <MatchedStretches matches={hold.matches} titles={titles} />
      {hold.reason && <p className="text-sm">Staff’s reason: {hold.reason}</p>}
      {hold.state === 'held' && isOwner && (
        <DisputeForm videoId={hold.video.id} current={hold.dispute} />
      )}
      {hold.state === 'held' && !isOwner && hold.dispute && (
        <p className="text-sm">The uploader disputes it: {hold.dispute}</p>
      )}
    </section>
  );
}
