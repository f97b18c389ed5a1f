/**
 * Where a live's media are kept in storage while it is on air (docs/live.md): its playlists,
 * segments and poster under `live/{videoId}/`. Plain functions, for pages and the browser too.
 */
export const LIVE_MEDIA_ROOT = 'live/';

export const livePrefix = (videoId: string) => `${LIVE_MEDIA_ROOT}${videoId}/`;

/** Whether a stored key is a live's (a card whose poster is one shows the LIVE badge). */
export const isLiveMediaKey = (key: string | null | undefined): boolean =>
  !!key && key.startsWith(LIVE_MEDIA_ROOT);
