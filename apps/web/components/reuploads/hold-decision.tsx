import type { ReuploadHold } from '@cutroom/core/features/moderation/reuploads/holds.service';

/** Staff's decision, as the uploader and the original's owner read it once it is made. */
export function HoldDecision({
  hold,
}: {
  hold: Pick<ReuploadHold, 'state' | 'decidedAt' | 'reason'>;
}) {
  if (hold.state === 'held') return null;
  return (
    <p className="text-sm" data-testid="hold-decision">
      {hold.state === 'released'
        ? 'Staff published it after a review'
        : 'Staff refused it: it stays off the site'}
      {hold.decidedAt
        ? ` on ${new Date(hold.decidedAt).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' })}`
        : ''}
      {hold.reason ? `. Their reason: ${hold.reason}` : '.'}
    </p>
  );
}
