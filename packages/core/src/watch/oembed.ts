import type { Video } from '../db/schema';
import { canonicalVideoPath, parseVideoParam } from './watch.service';

export interface OembedRequest {
  url: string;
  maxwidth?: number;
  maxheight?: number;
}

/** The video id an oEmbed URL names, when it is one of this site's video pages. */
export function videoIdFromPageUrl(pageUrl: string, publicUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  const match = /^\/video\/(?:embed\/)?([^/]+)$/.exec(url.pathname);
  return match ? (parseVideoParam(match[1]!)?.id ?? null) : null;
}

/** Fits 16:9 (or the video's own ratio) inside the consumer's maximum size. */
export function embedSize(
  aspectRatio: number,
  request: Pick<OembedRequest, 'maxwidth' | 'maxheight'>,
): { width: number; height: number } {
  let width = Math.min(640, request.maxwidth ?? 640);
  let height = Math.round(width / aspectRatio);
  if (request.maxheight && height > request.maxheight) {
    height = request.maxheight;
    width = Math.round(height * aspectRatio);
  }
  return { width, height };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The oEmbed 1.0 answer (type "video") for a published video. */
export function buildOembed(
  video: Video,
  uploader: { username: string },
  options: { publicUrl: string; siteName: string; posterUrl: string | null } & OembedRequest,
) {
  const { width, height } = embedSize(video.aspectRatio ?? 16 / 9, options);
  const embedUrl = `${options.publicUrl}/video/embed/${video.id}`;
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
    html: `<iframe src="${escapeAttribute(embedUrl)}" width="${width}" height="${height}" title="${escapeAttribute(video.title)}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
    ...(options.posterUrl
      ? { thumbnail_url: new URL(options.posterUrl, options.publicUrl).toString() }
      : {}),
    cache_age: 3600,
    url: `${options.publicUrl}${canonicalVideoPath(video)}`,
  };
}
