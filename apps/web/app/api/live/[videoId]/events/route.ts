import { liveAudience } from '@cutroom/core/features/videos/live/live-audience';
import { readLiveStream } from '@cutroom/core/features/videos/live/live.service';
import { liveEventsRoute } from '@cutroom/core/features/videos/live/live.routes';
import { eventStream, sseEvent } from '@/lib/server/event-stream';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/** The number watching goes out at most this often to each page. */
const WATCHING_EVERY_MS = 1_000;

/**
 * A live page's events (docs/live.md): `chat` when its chat changed (the page asks for it
 * again, under the comment rules as the viewer's own), `watching` with the number of open live
 * pages on it (this one counted while open), `live-ended` when it ends. 404 for a video that
 * is not a live on air or scheduled; a waiting page hears `published` when its live begins.
 */
export const GET = rawRoute<{ videoId: string }>(liveEventsRoute, async (request, { params }) => {
  const { database, media } = await getRuntime();
  const live = await readLiveStream(database.db, params.videoId);
  if (live?.state !== 'live' && live?.state !== 'scheduled') {
    return Response.json(
      { error: 'This live is not on air', httpStatusCode: 404 },
      { status: 404, headers: { 'cache-control': 'no-store' } },
    );
  }
  const audience = liveAudience();
  return eventStream(request, (send) => {
    const stopEvents = media.events.subscribe(
      (event) => {
        // `published`: a scheduled live's stream arrived and plays (its waiting page reloads).
        if (event.type === 'chat' || event.type === 'live-ended' || event.type === 'published') {
          send(sseEvent(event.type, { videoId: event.videoId }));
        }
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
    const leave = audience.join(live.videoId);
    return () => {
      if (timer) clearTimeout(timer);
      leave();
      stopFollowing();
      stopEvents();
    };
  });
});
