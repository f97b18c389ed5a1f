import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users, videos } from '../db/schema';

export interface VideoSummary {
  id: string;
  slug: string;
  title: string;
  durationSeconds: number | null;
  views: number;
  upvotes: number;
  downvotes: number;
  publishedAt: Date | null;
  uploader: string;
}

/** Published videos, newest first. */
export async function listNewestVideos(
  db: Database,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<VideoSummary[]> {
  return db
    .select({
      id: videos.id,
      slug: videos.slug,
      title: videos.title,
      durationSeconds: videos.durationSeconds,
      views: videos.views,
      upvotes: videos.upvotes,
      downvotes: videos.downvotes,
      publishedAt: videos.publishedAt,
      uploader: users.username,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.status, 'published'))
    .orderBy(desc(videos.publishedAt))
    .limit(limit)
    .offset(offset);
}
