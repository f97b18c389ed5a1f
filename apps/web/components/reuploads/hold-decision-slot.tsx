'use client';

import { useEffect, useState } from 'react';
import { useVideoParts } from '@/components/shell/member-parts';
import { callApi } from '@/lib/client/api';
import { HoldDecision } from './hold-decision';

type Decided = {
  state: 'held' | 'released' | 'rejected';
  decidedAt: string | null;
  reason: string | null;
};

/**
 * Staff's decision on a video that was held as a re-upload and is on the site now, on its page
 * for its uploader and staff (docs/reuploads.md): the page is served alike to everyone, so it
 * is asked for once their parts say they manage it.
 */
export function HoldDecisionSlot({ videoId }: { videoId: string }) {
  const parts = useVideoParts(videoId);
  const [hold, setHold] = useState<Decided | null>(null);
  const canManage = Boolean(parts?.canManage);
  useEffect(() => {
    if (!canManage) return;
    void callApi('/api/v2/reuploads', { mode: 'Load', _id: videoId }).then((result) => {
      if (result.ok && result.body.hold) setHold(result.body.hold);
    });
  }, [videoId, canManage]);
  if (!hold || hold.state === 'held') return null;
  return (
    <section
      aria-label="Reviewed as a re-upload"
      className="mb-3 rounded-lg border border-orange-400/40 bg-orange-950/30 px-4 py-3"
      data-testid="hold-panel"
    >
      <HoldDecision hold={hold} />
    </section>
  );
}
