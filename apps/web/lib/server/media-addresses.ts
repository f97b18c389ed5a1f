import type { Actor } from '@cutroom/core/kernel/endpoint';
import { mediaAddressesFor } from '@cutroom/core/access/media-grants';
import type { Video } from '@cutroom/core/platform/db/schema';
import {
  videoMediaUrls,
  type VideoMediaUrls,
} from '@cutroom/core/features/videos/processing/video-processing.service';
import { subtitleTracks } from '@cutroom/core/features/videos/settings/video-password.service';
import type { SubtitleTrackInfo } from '@cutroom/core/features/videos/settings/subtitles.service';
import { getRuntime } from './runtime';

/**
 * The media addresses a page hands the player for `viewer` (docs/security.md, "Media"): the
 * public ones while anyone with the link may open the video, else the same files under a grant
 * for this viewer. Null when it has no media yet, or when the viewer may not fetch them without
 * an unlock (a password video: its gate asks).
 */
export async function playerMediaFor(
  video: Video,
  viewer: Actor | null,
): Promise<{ urls: VideoMediaUrls; subtitles: SubtitleTrackInfo[] } | null> {
  const { database, storage, accounts } = await getRuntime();
  const urlOf = await mediaAddressesFor(
    { db: database.db, now: () => new Date(), secret: accounts.settings.secret },
    video.id,
    viewer,
    (key) => storage.publicUrl(key),
  );
  const urls = urlOf ? videoMediaUrls(storage, video, urlOf) : null;
  if (!urls || !urlOf) return null;
  return { urls, subtitles: await subtitleTracks(database.db, video.id, urlOf) };
}
