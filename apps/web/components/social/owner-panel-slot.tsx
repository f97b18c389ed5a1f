'use client';

import type { ComponentProps } from 'react';
import { useVideoParts } from '@/components/shell/member-parts';
import { OwnerPanel } from './owner-panel';

/**
 * The owner's (or a moderator's) panel on a video page: rendered in when the page was
 * rendered for them, or once their parts say they may manage it (the page served alike to
 * everyone, docs/decisions/0024).
 */
export function OwnerPanelSlot({
  canManage,
  video,
}: {
  canManage: boolean;
  video: ComponentProps<typeof OwnerPanel>['video'];
}) {
  const parts = useVideoParts(video.id);
  return canManage || parts?.canManage ? <OwnerPanel video={video} /> : null;
}
