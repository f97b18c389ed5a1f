import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../browse';
import type { Storage } from '../../../platform/storage/storage';
import { canonicalVideoPath } from '../../videos/watch';

/**
 * The vertical feed (docs/feed.md): short videos one at a time, newest first. A video is in it
 * when it is published and either in the "tiktok" category or taller than wide and at most
 * FEED_MAX_SECONDS long.
 */
export const FEED_MAX_SECONDS = 180;
/** Videos a call answers: enough to swipe on while the next call goes out. */
export const FEED_PAGE_SIZE = 8;

/**
 * The feed's condition, written out with its constant so that the partial index
 * `videos_feed_idx` (schema.ts) is used: a bound parameter would not match its predicate.
 */
export const FEED_CONDITION = sql.raw(
  `status = 'published' and (category = 'tiktok' or (aspect_ratio < 1 and duration_seconds <= ${FEED_MAX_SECONDS}))`,
);

export interface FeedVideo {
  id: string;
  slug: string;
  /** The video's own page. */
  path: string;
  title: string;
  uploader: string;
  durationSeconds: number | null;
  /** Display width / height. */
  aspectRatio: number | null;
  views: number;
  upvotes: number;
  downvotes: number;
  favoritesCount: number;
  isExplicit: boolean;
  hasSeizureWarning: boolean;
  masterPlaylistUrl: string;
  posterUrl: string;
}

export interface FeedPage {
  data: FeedVideo[];
  /** More videos after the last one (older). */
  hasMore: boolean;
}

/** A row as the query reads it: the media's storage keys instead of addresses. */
type FeedRow = Omit<FeedVideo, 'path' | 'masterPlaylistUrl' | 'posterUrl'> & {
  masterPlaylistKey: string | null;
  posterKey: string | null;
};

/**
 * Where a call starts: from the newest video; from a given one, itself included (a reload
 * keeps its place); after a given one (the next page); or the videos just newer than a given
 * one (scrolling back up past where a reload started).
 */
export type FeedPosition =
  | { kind: 'newest' }
  | { kind: 'from'; videoId: string }
  | { kind: 'after'; videoId: string }
  | { kind: 'before'; videoId: string };

const POSITION: Record<Exclude<FeedPosition['kind'], 'newest'>, SQL> = {
  from: sql.raw('<='),
  after: sql.raw('<'),
  before: sql.raw('>'),
};

/** A page of the feed at a position; a position whose video left the feed answers none. */
export async function listFeed(
  db: Database,
  storage: Pick<Storage, 'publicUrl'>,
  position: FeedPosition,
  pageSize = FEED_PAGE_SIZE,
): Promise<FeedPage> {
  const backwards = position.kind === 'before';
  // The index's own order (DESC NULLS LAST), or exactly its reverse, for the index to serve it.
  const order = backwards
    ? sql.raw('v.published_at asc nulls first, v.id asc nulls first')
    : sql.raw('v.published_at desc nulls last, v.id desc nulls last');
  // The position compares (published_at, id) with the given video's, read from the feed
  // itself: a video that is no longer in it gives no place, and the caller starts again.
  const where =
    position.kind === 'newest'
      ? sql`true`
      : sql`(v.published_at, v.id) ${POSITION[position.kind]} (
          select p.published_at, p.id from videos p where p.id = ${position.videoId} and ${FEED_CONDITION}
        )`;
  const rows = await queryRows<FeedRow>(
    db,
    sql`select v.id, v.slug, v.title, u.username as uploader,
        v.duration_seconds as "durationSeconds", v.aspect_ratio as "aspectRatio", v.views,
        v.upvotes, v.downvotes, v.is_explicit as "isExplicit",
        v.has_seizure_warning as "hasSeizureWarning", v.master_playlist_key as "masterPlaylistKey",
        v.poster_key as "posterKey",
        (select count(*)::int from video_favorites f where f.video_id = v.id) as "favoritesCount"
      from (select * from videos where ${FEED_CONDITION}) v
      join users u on u.id = v.owner_id
      where ${where}
      order by ${order}
      limit ${pageSize + 1}`,
  );
  const playable = rows
    .slice(0, pageSize)
    .filter((row) => row.masterPlaylistKey && row.posterKey)
    .map(({ masterPlaylistKey, posterKey, ...row }): FeedVideo => ({
      ...row,
      path: canonicalVideoPath(row),
      favoritesCount: Number(row.favoritesCount),
      masterPlaylistUrl: storage.publicUrl(masterPlaylistKey!),
      posterUrl: storage.publicUrl(posterKey!),
    }));
  return {
    data: backwards ? playable.reverse() : playable,
    hasMore: rows.length > pageSize,
  };
}
