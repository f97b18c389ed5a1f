import { VIDEO_MISSING_MESSAGE } from '@cutroom/core/access/video-rules';
import { mayFollowVideoPage, unlockOf } from '@cutroom/core/features/videos/settings/page-events';
import { videoEventsRoute } from '@cutroom/core/features/videos/watch/watch.routes';
import { endOnClosedAccess, eventStream, sseEvent } from '@/lib/server/event-stream';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/**
 * An open video page's events (docs/videos.md): `media` once a replacement's new file is in
 * place (the worker's `published` for a video already on the site), so the page loads it
 * rather than play a playlist that is gone. Only for whoever may fetch the video's media (a
 * password video's with the unlock its browser keeps), 404 otherwise; when who may open it
 * changes and this viewer may no longer, `access` goes out and the stream ends.
 */
export const GET = rawRoute<{ videoId: string }>(
  videoEventsRoute,
  async (request, { params, viewer }) => {
    const { database, media, accounts } = await getRuntime();
    const { videoId } = params;
    const unlock = unlockOf(request.headers.get('cookie'), videoId);
    const mayFollow = () =>
      mayFollowVideoPage(
        {
          db: database.db,
          now: () => new Date(),
          actor: viewer,
          secret: accounts.settings.secret,
        },
        videoId,
        { unlock },
      );
    if (!(await mayFollow())) {
      return Response.json(
        { error: VIDEO_MISSING_MESSAGE, httpStatusCode: 404 },
        { status: 404, headers: { 'cache-control': 'no-store' } },
      );
    }
    return eventStream(request, (send, close) =>
      media.events.subscribe(
        (event) => {
          if (endOnClosedAccess(event, mayFollow, send, close)) return;
          if (event.type === 'published') send(sseEvent('media', { videoId }));
        },
        { videoId },
      ),
    );
  },
);
