'use client';

import { useMemberViewer, useVideoParts } from '@/components/shell/member-parts';
import { IntentLink } from '@/components/ui/intent-link';
import { ReportButton } from './report-button';

/**
 * The video page's Report button and, for staff, the reported marker (docs/moderation.md) with a
 * link to the queue. The page is served alike to everyone; both come from the member's own parts.
 */
export function VideoReportSlot({ videoId, title }: { videoId: string; title: string }) {
  const viewer = useMemberViewer();
  const parts = useVideoParts(videoId);
  if (parts?.isOwner) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {parts?.openReports ? (
        <IntentLink
          href={`/moderation/video/${videoId}`}
          className="rounded-full bg-red-900/70 px-3 py-1 text-sm font-semibold text-red-100 hover:bg-red-800"
          data-testid="reported-marker"
        >
          Reported · {parts.openReports} open report{parts.openReports === 1 ? '' : 's'}
        </IntentLink>
      ) : null}
      <ReportButton
        key={parts?.hasReported ? 'reported' : 'not-reported'}
        targetKind="video"
        targetId={videoId}
        targetName={`"${title}"`}
        signedIn={viewer ? true : undefined}
        initiallyReported={parts?.hasReported ?? false}
      />
    </div>
  );
}
