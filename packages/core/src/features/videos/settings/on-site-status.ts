import { sql } from 'drizzle-orm';
import { videos, type Video } from '../../../platform/db/schema';

/**
 * The status a video that is on the site takes: 'published' (listed everywhere) only when it
 * is public and its publish time, if any, has come; 'hidden' otherwise. Listings, search,
 * counts and feeds all read `status = 'published'`, so they need no other condition.
 */
export const onSiteStatusSql = (now: Date) =>
  sql`(case when ${videos.visibility} = 'public' and (${videos.publishAt} is null or ${videos.publishAt} <= ${now.toISOString()}::timestamptz) then 'published' else 'hidden' end)::video_status`;

/** The same rule on values in hand. */
export function onSiteStatus(
  video: Pick<Video, 'visibility' | 'publishAt'>,
  now: Date,
): 'published' | 'hidden' {
  return video.visibility === 'public' && (!video.publishAt || video.publishAt <= now)
    ? 'published'
    : 'hidden';
}
