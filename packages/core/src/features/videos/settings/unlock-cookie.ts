/**
 * The cookie a browser keeps a password video's unlock in for its session (docs/videos.md):
 * written by the page's password form, read back by the video's event stream.
 */
export const unlockCookieName = (videoId: string) => `cutroom-unlock-${videoId}`;
