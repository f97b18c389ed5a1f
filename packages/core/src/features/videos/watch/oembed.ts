import type { Video } from '../../../platform/db/schema';
import {
  DEFAULT_EMBED_SIZE,
  EMBED_SIZES,
  embedCode,
  embedPageUrl,
  startTimeOfUrl,
} from './embed-code';
import { canonicalVideoPath, parseVideoParam } from './watch.service';

export { DEFAULT_EMBED_SIZE, EMBED_SIZES, embedCode, embedPageUrl } from './embed-code';

export interface OembedRequest {
  url: string;
  maxwidth?: number;
  maxheight?: number;
}

/** The names this site answers to, for recognising its own page addresses. */
export interface SiteNames {
  /** PUBLIC_URL's origin and its aliases (`allowedOriginsFor`). */
  origins: readonly string[];
  /** The host (name and port) the request reached the site by, whatever the scheme. */
  requestHost?: string | null;
}

/**
 * The video id an oEmbed URL names, when it is one of this site's video pages: at PUBLIC_URL,
 * or at the host name the consumer reached the site by (docs/watching.md).
 */
export function videoIdFromPageUrl(pageUrl: string, site: SiteNames): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  const isSite =
    site.origins.includes(url.origin) ||
    (Boolean(site.requestHost) && url.host === site.requestHost?.toLowerCase());
  if (!isSite) return null;
  const match = /^\/video\/(?:embed\/)?([^/]+)$/.exec(url.pathname);
  return match ? (parseVideoParam(match[1]!)?.id ?? null) : null;
}

/**
 * The largest offered size (in the video's own ratio) that fits inside the consumer's maximum,
 * the default when none is given; below the smallest, the smallest scaled down to fit.
 */
export function embedSize(
  aspectRatio: number,
  request: Pick<OembedRequest, 'maxwidth' | 'maxheight'>,
): { width: number; height: number } {
  const sized = (width: number) => ({ width, height: Math.round(width / aspectRatio) });
  const fits = ({ width, height }: { width: number; height: number }) =>
    (!request.maxwidth || width <= request.maxwidth) &&
    (!request.maxheight || height <= request.maxheight);
  const offered = EMBED_SIZES.map(({ width }) => sized(width));
  if (!request.maxwidth && !request.maxheight) return sized(DEFAULT_EMBED_SIZE.width);
  const largest = offered.filter(fits).pop();
  if (largest) return largest;
  let { width, height } = sized(Math.min(EMBED_SIZES[0].width, request.maxwidth ?? Infinity));
  if (request.maxheight && height > request.maxheight) {
    height = request.maxheight;
    width = Math.round(height * aspectRatio);
  }
  return { width, height };
}

/** The oEmbed 1.0 answer (type "video") for a published video. */
export function buildOembed(
  video: Video,
  uploader: { username: string },
  options: { publicUrl: string; siteName: string; posterUrl: string | null } & OembedRequest,
) {
  const { width, height } = embedSize(video.aspectRatio ?? 16 / 9, options);
  const embedUrl = embedPageUrl(options.publicUrl, video.id, startTimeOfUrl(options.url) ?? 0);
  return {
    version: '1.0',
    type: 'video',
    provider_name: options.siteName,
    provider_url: options.publicUrl,
    title: video.title,
    author_name: uploader.username,
    author_url: `${options.publicUrl}/profile/${encodeURIComponent(uploader.username)}`,
    width,
    height,
    html: embedCode({ embedUrl, title: video.title, width, height }),
    ...(options.posterUrl
      ? { thumbnail_url: new URL(options.posterUrl, options.publicUrl).toString() }
      : {}),
    cache_age: 3600,
    url: `${options.publicUrl}${canonicalVideoPath(video)}`,
  };
}
