/**
 * Where a live's media are kept in storage while it is on air (docs/live.md): its playlists,
 * segments and poster under `live/{videoId}/`. Plain functions, for pages and the browser too.
 */
export const LIVE_MEDIA_ROOT = 'live/';

export const livePrefix = (videoId: string) => `${LIVE_MEDIA_ROOT}${videoId}/`;

/**
 * The replay made of the live's own segments the moment it ends (docs/live.md, "The end"):
 * its master playlist and poster beside the live's, until the full ladder takes its place.
 */
export const liveReplayMasterKey = (videoId: string) => `${livePrefix(videoId)}replay.m3u8`;
export const liveReplayPosterKey = (videoId: string) => `${livePrefix(videoId)}replay.jpg`;

/** Whether a stored key is the master playlist of a replay made of a live's segments. */
export const isLiveReplayKey = (key: string | null | undefined): boolean =>
  !!key && key.startsWith(LIVE_MEDIA_ROOT) && key.endsWith('/replay.m3u8');

/**
 * Whether a stored key is a live's on air (a card whose poster is one shows the LIVE badge):
 * under `live/`, but not the replay made of it.
 */
export const isLiveMediaKey = (key: string | null | undefined): boolean =>
  !!key && key.startsWith(LIVE_MEDIA_ROOT) && !/\/replay\.(jpg|m3u8)$/.test(key);
