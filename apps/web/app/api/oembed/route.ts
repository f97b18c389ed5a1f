import { allowedOriginsFor } from '@cutroom/core/features/accounts/auth/origin';
import { isServiceError } from '@cutroom/core/kernel/errors/service-error';
import { videoMediaUrls } from '@cutroom/core/features/videos/processing/video-processing.service';
import { buildOembed, videoIdFromPageUrl } from '@cutroom/core/features/videos/watch/oembed';
import { getWatchPage } from '@cutroom/core/features/videos/watch/watch.service';
import { oembedRoute } from '@cutroom/core/features/videos/watch/watch.routes';
import { rawRoute } from '@/lib/server/raw-route';
import { getRuntime } from '@/lib/server/runtime';

const positive = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};

const refuse = (status: number, error: string) =>
  Response.json({ error, httpStatusCode: status }, { status });

/** oEmbed for video pages: GET /api/oembed?url={page}&maxwidth=&maxheight= (JSON only). */
export const GET = rawRoute(oembedRoute, async (request) => {
  const params = new URL(request.url).searchParams;
  const format = params.get('format');
  if (format && format !== 'json') return refuse(501, 'Only the json format is available');
  const { database, storage, config } = await getRuntime();
  const pageUrl = params.get('url');
  if (!pageUrl) return refuse(400, 'url is required');
  // The site by PUBLIC_URL and its loopback spellings, or by the name it was asked on.
  const id = videoIdFromPageUrl(pageUrl, {
    origins: allowedOriginsFor(config.PUBLIC_URL),
    requestHost: request.headers.get('host'),
  });
  if (!id) return refuse(404, 'That address is not a video of this site');
  try {
    const { video, uploader } = await getWatchPage(
      { db: database.db, actor: null, now: () => new Date() },
      id,
    );
    const answer = buildOembed(video, uploader, {
      url: pageUrl,
      maxwidth: positive(params.get('maxwidth')),
      maxheight: positive(params.get('maxheight')),
      // The embed is served from the name the page was given by.
      publicUrl: new URL(pageUrl).origin,
      siteName: config.SITE_NAME,
      // A password video's poster is served only to those who gave it (docs/videos.md).
      posterUrl:
        video.visibility === 'password'
          ? null
          : (videoMediaUrls(storage, video)?.posterUrl ?? null),
    });
    return Response.json(answer, { headers: { 'access-control-allow-origin': '*' } });
  } catch (error) {
    if (isServiceError(error)) return refuse(404, error.message);
    throw error;
  }
});
