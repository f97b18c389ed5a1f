'use client';

import { lazy, Suspense, useMemo, type ComponentProps } from 'react';
import { useVideoParts } from '@/components/shell/member-parts';
import type { OwnerPanel as Panel } from './owner-panel';

/** The panel's code (its form, the label inputs, the form errors): loaded where it shows. */
const OwnerPanel = lazy(() => import('./owner-panel').then((m) => ({ default: m.OwnerPanel })));

/**
 * The owner's (or a moderator's) panel on a video page: rendered in when the page was
 * rendered for them, or once their parts say they may manage it (the page served alike to
 * everyone, docs/decisions/0024). A visitor's page carries none of its code (docs/pages.md).
 */
export function OwnerPanelSlot({
  canManage,
  video,
}: {
  canManage: boolean;
  video: ComponentProps<typeof Panel>['video'];
}) {
  const parts = useVideoParts(video.id);
  // One element for the page's life: the member's parts, answered after the page loads, then
  // leave a panel the server drew alone while its code is still on its way (an update reaching
  // it there would draw it again beside the server's copy).
  const panel = useMemo(
    () => (
      <Suspense fallback={null}>
        <OwnerPanel video={video} />
      </Suspense>
    ),
    [video],
  );
  return canManage || parts?.canManage ? panel : null;
}
