import type { VideoSummary } from '@cutroom/core/features/discovery/browse/browse.service';
import { isLiveMediaKey } from '@cutroom/core/features/videos/live/live-media-keys';
import { joinPublicUrl } from '@cutroom/core/platform/storage/storage';

/** What a card renders: a video summary with browser URLs for its poster and preview. */
export type CardVideo = Omit<VideoSummary, 'posterKey' | 'posterWebpKey' | 'spritesVttKey'> & {
  posterUrl?: string | null;
  posterWebpUrl?: string | null;
  /** The sprite sheets' WebVTT track; the card previews on hover when present. */
  previewVttUrl?: string | null;
  /** On air now: the card shows the LIVE badge (docs/live.md). */
  isLive?: boolean;
};

/** A stored object's browser URL under the media base URL: the storage layer's own join. */
export const mediaUrl = joinPublicUrl;

/** Turns storage keys into URLs; a video without media yet gets a placeholder card. */
export function toCardVideo(video: VideoSummary, mediaBaseUrl: string): CardVideo {
  const { posterKey, posterWebpKey, spritesVttKey, ...rest } = video;
  const url = (key: string | null) => (key ? mediaUrl(mediaBaseUrl, key) : null);
  return {
    ...rest,
    posterUrl: url(posterKey),
    posterWebpUrl: url(posterWebpKey),
    previewVttUrl: url(spritesVttKey),
    // While on air, a live's poster is its own, among its live media.
    isLive: isLiveMediaKey(posterKey),
  };
}

export const videoHref = (video: { slug: string; id: string }) =>
  `/video/${video.slug}_${video.id}`;
