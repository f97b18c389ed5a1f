import { liveAudience } from '@cutroom/core/features/videos/live/live-audience';
import {
  countsAsWatching,
  hasLivePage,
  toLivePageEvent,
} from '@cutroom/core/features/videos/live/live-page-events';
import { readLiveStream } from '@cutroom/core/features/videos/live/live.service';
import { liveEventsRoute } from '@cutroom/core/features/videos/live/live.routes';
import { VIDEO_INACCESSIBLE_MESSAGE } from '@cutroom/core/access/video-rules';
import { mayFollowVideoPage } from '@cutroom/core/features/videos/settings/page-events';
import { endOnClosedAccess, eventStream, sseEvent } from '@/lib/server/event-stream';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/** The number watching goes out at most this often to each page. */
const WATCHING_EVERY_MS = 1_000;

/**
 * A live page's events (docs/live.md, `LivePageEvent`): `chat` when its chat changed (the page
 * asks for it again, under the comment rules as the viewer's own), `watching` with the number
 * of open live pages on it (this one counted while open, not the streamer's own), `live-ended`
 * however it ends, `published` when it (or its replay) plays. 404 for a video that is not a
 * live (on air, scheduled, or ended and waiting for its replay).
 * Only for those who may open the live's page (403 otherwise); when who may open it changes
 * and this viewer may no longer, `access` goes out and the stream ends (docs/security.md).
 */
export const GET = rawRoute<{ videoId: string }>(liveEventsRoute, async (request, context) => {
  const { params, viewer } = context;
  const { database, media, accounts } = await getRuntime();
  const live = await readLiveStream(database.db, params.videoId);
  if (!live || !hasLivePage(live)) {
    return Response.json(
      { error: 'This live is not on air', httpStatusCode: 404 },
      { status: 404, headers: { 'cache-control': 'no-store' } },
    );
  }
  // Between its states (its first seconds on their way, its replay being made) a live's events
  // open by its visibility, as its page does (docs/live.md).
  const mayOpen = () =>
    mayFollowVideoPage(
      {
        db: database.db,
        now: () => new Date(),
        actor: viewer,
        secret: accounts.settings.secret,
      },
      live.videoId,
      { live },
    );
  if (!(await mayOpen())) {
    return Response.json(
      { error: VIDEO_INACCESSIBLE_MESSAGE, httpStatusCode: 403 },
      { status: 403, headers: { 'cache-control': 'no-store' } },
    );
  }
  const audience = liveAudience();
  return eventStream(request, (send, close) => {
    const stopEvents = media.events.subscribe(
      (event) => {
        // The video is gone (a live not kept, a schedule taken back): the page is told so where
        // it stands (`live-ended` without a replay), and there is nothing more to hear.
        if (event.type === 'removed') {
          send(sseEvent('live-ended', { videoId: live.videoId, ...toLivePageEvent(event) }));
          close();
          return;
        }
        if (endOnClosedAccess(event, mayOpen, send, close)) return;
        const pageEvent = toLivePageEvent(event);
        if (pageEvent) send(sseEvent(pageEvent.type, { videoId: live.videoId, ...pageEvent }));
      },
      { videoId: live.videoId },
    );
    // The first count at once, then at most one a second: a crowd arriving is not N² sends.
    let isCounted = false;
    let latest = 0;
    let timer: NodeJS.Timeout | null = null;
    const stopFollowing = audience.follow(live.videoId, (count) => {
      latest = count;
      if (!isCounted) {
        isCounted = true;
        send(sseEvent('watching', { count }));
        return;
      }
      timer ??= setTimeout(() => {
        timer = null;
        send(sseEvent('watching', { count: latest }));
      }, WATCHING_EVERY_MS);
    });
    const leave = countsAsWatching(live, viewer?.id ?? null)
      ? audience.join(live.videoId)
      : () => {};
    // A page not counted (the streamer's own) changed nothing: its first count goes now.
    if (!isCounted) {
      isCounted = true;
      send(sseEvent('watching', { count: audience.count(live.videoId) }));
    }
    return () => {
      if (timer) clearTimeout(timer);
      leave();
      stopFollowing();
      stopEvents();
    };
  });
});
