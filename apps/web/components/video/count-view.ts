'use client';

import { callApi } from '@/lib/client/api';

/**
 * Tells the server a video started playing (docs/watching.md: a view counts once per viewer per
 * day). Sent with keepalive, so a viewer who leaves at once is still counted; the answer is not
 * waited for.
 */
export function countView(videoId: string): void {
  void callApi('/api/v2/view', { videoId }, { keepalive: true });
}
