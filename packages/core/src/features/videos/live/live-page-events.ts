import type { ProcessingEvent } from '../../../platform/events/processing-events';
import type { LiveStream } from '../../../platform/db/schema';

/**
 * What a live page hears on its event stream (`/api/live/{videoId}/events`, docs/live.md):
 * - `chat`: its chat changed (the page reads it again as its viewer sees it);
 * - `live-ended`: the live ended, however it ended (its streamer or staff from a page, the
 *   stream stopped for more than the minute, bad input, its node stopped); `hasReplay` false
 *   when the streamer kept none (the video is gone);
 * - `published`: the live (or its replay) plays now: the page shows it (also `failed` and
 *   `held`, whose page then says so);
 * - `watching`: the number watching (sent by the route itself).
 */
export type LivePageEvent =
  | { type: 'chat' }
  | { type: 'live-ended'; hasReplay: boolean }
  | { type: 'published' | 'failed' | 'held' };

/**
 * The page event a site event of the live's video makes, or null. Each end reaches the page as
 * `live-ended`: an end from a page is announced as such; an end by the node holding the stream
 * (the stream did not come back, bad input, a restart) as the video going back to `processing`
 * for its replay, or as its removal when no replay is kept.
 */
export function toLivePageEvent(event: ProcessingEvent): LivePageEvent | null {
  switch (event.type) {
    case 'chat':
      return { type: 'chat' };
    case 'live-ended':
    case 'processing':
      return { type: 'live-ended', hasReplay: true };
    case 'removed':
      return { type: 'live-ended', hasReplay: false };
    case 'published':
    case 'failed':
    case 'held':
      return { type: event.type };
    default:
      return null;
  }
}

/** Whether a live's event stream is open: on air, scheduled, or ended (waiting for its replay). */
export const hasLivePage = (live: Pick<LiveStream, 'state'> | null): boolean =>
  live !== null && ['live', 'scheduled', 'ended'].includes(live.state);

/**
 * Whether a page open on the live counts among those watching: on air or waiting for it, and
 * not its streamer's own page (docs/live.md).
 */
export const countsAsWatching = (
  live: Pick<LiveStream, 'state' | 'ownerId'>,
  viewerId: string | null,
): boolean => live.state !== 'ended' && viewerId !== live.ownerId;
