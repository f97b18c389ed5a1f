import { requireMemberRight } from '../../../access/rights';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { summaryColumns, toSummary, type VideoSummary } from '../../discovery/browse';
import type { Database } from '../../../platform/db/client';
import { users, videoFavorites, videos, videoVotes, type Video } from '../../../platform/db/schema';
import { pageOf, type ListPage, PEOPLE_MESSAGES } from '../../people/social';
import {
  canManageVideo,
  VIDEO_INACCESSIBLE_MESSAGE,
  VIDEO_MISSING_MESSAGE,
} from '../../../access/video-rules';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

/** Profile favorites a page, like profile videos (docs/limits.md). */
export const FAVORITES_PAGE_SIZE = 20;

/** Share of up votes in per cent, or null before the first vote. */
export function voteRatio(upvotes: number, downvotes: number): number | null {
  const total = upvotes + downvotes;
  return total > 0 ? Math.round((upvotes / total) * 100) : null;
}

/**
 * A video the actor may see: published, or theirs (or an admin's view). Any other answers 404:
 * the actor is signed in already, and a 401 would tell them to sign in.
 */
async function loadVisibleVideo(
  db: Database,
  actor: Actor,
  videoId: string,
  lock = false,
): Promise<Video> {
  const query = db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
  const [video] = lock ? await query.for('update') : await query;
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  if (video.status !== 'published' && !canManageVideo(actor, video)) {
    throw new ServiceError('not_found', VIDEO_INACCESSIBLE_MESSAGE);
  }
  return video;
}

export interface VoteResult {
  videoId: string;
  upvotes: number;
  downvotes: number;
  ratio: number | null;
  vote: 1 | -1;
}

/**
 * Votes a video up (1) or down (-1). Switching sides moves the vote; the same vote twice is refused
 * with the site's message (docs/messages.md). The counters move in the same transaction as the
 * vote, with the video row locked so concurrent votes cannot lose an update.
 */
export async function voteVideo(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  videoId: string,
  value: 1 | -1,
): Promise<VoteResult> {
  const me = requireMemberRight(actor, 'participate');
  return inTransaction({ db }, async ({ db: tx }) => {
    const video = await loadVisibleVideo(tx, me, videoId, true);
    if (video.status !== 'published') {
      throw new ServiceError('conflict', 'Only a published video can be voted on');
    }
    const [existing] = await tx
      .select({ value: videoVotes.value })
      .from(videoVotes)
      .where(and(eq(videoVotes.userId, me.id), eq(videoVotes.videoId, videoId)))
      .limit(1);
    if (existing?.value === value) {
      const message =
        value === 1 ? PEOPLE_MESSAGES.alreadyUpvoted : PEOPLE_MESSAGES.alreadyDownvoted;
      throw new ServiceError('conflict', message, {
        Message: message,
        ratio: voteRatio(video.upvotes, video.downvotes),
      });
    }
    if (existing) {
      await tx
        .update(videoVotes)
        .set({ value, createdAt: now() })
        .where(and(eq(videoVotes.userId, me.id), eq(videoVotes.videoId, videoId)));
    } else {
      await tx.insert(videoVotes).values({ userId: me.id, videoId, value });
    }
    const up = (value === 1 ? 1 : 0) - (existing?.value === 1 ? 1 : 0);
    const down = (value === -1 ? 1 : 0) - (existing?.value === -1 ? 1 : 0);
    const [row] = await tx
      .update(videos)
      .set({
        upvotes: sql`${videos.upvotes} + ${up}`,
        downvotes: sql`${videos.downvotes} + ${down}`,
      })
      .where(eq(videos.id, videoId))
      .returning({ upvotes: videos.upvotes, downvotes: videos.downvotes });
    return {
      videoId,
      upvotes: row!.upvotes,
      downvotes: row!.downvotes,
      ratio: voteRatio(row!.upvotes, row!.downvotes),
      vote: value,
    };
  });
}

export async function getMyVote(
  db: Database,
  userId: string | null,
  videoId: string,
): Promise<1 | -1 | 0> {
  if (!userId) return 0;
  const [row] = await db
    .select({ value: videoVotes.value })
    .from(videoVotes)
    .where(and(eq(videoVotes.userId, userId), eq(videoVotes.videoId, videoId)))
    .limit(1);
  return row?.value === 1 ? 1 : row?.value === -1 ? -1 : 0;
}

export interface FavoriteState {
  videoId: string;
  isFavorited: boolean;
  favoritesCount: number;
  /** The most recent users who favorited the video (isFavoritedBy, docs/people.md), at most 50. */
  isFavoritedBy: string[];
}

export async function getFavoriteState(
  db: Database,
  userId: string | null,
  videoId: string,
): Promise<FavoriteState> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ username: users.username, userId: videoFavorites.userId })
      .from(videoFavorites)
      .innerJoin(users, eq(users.id, videoFavorites.userId))
      .where(eq(videoFavorites.videoId, videoId))
      .orderBy(desc(videoFavorites.createdAt))
      .limit(50),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(videoFavorites)
      .where(eq(videoFavorites.videoId, videoId)),
  ]);
  let isFavorited = rows.some((row) => row.userId === userId);
  if (!isFavorited && userId && Number(total?.n ?? 0) > rows.length) {
    isFavorited = await hasFavorited(db, userId, videoId);
  }
  return {
    videoId,
    isFavorited,
    favoritesCount: Number(total?.n ?? 0),
    isFavoritedBy: rows.map((row) => row.username),
  };
}

/** Whether a member has the video among their favorites: one lookup of the primary key. */
async function hasFavorited(db: Database, userId: string, videoId: string): Promise<boolean> {
  const [mine] = await db
    .select({ videoId: videoFavorites.videoId })
    .from(videoFavorites)
    .where(and(eq(videoFavorites.userId, userId), eq(videoFavorites.videoId, videoId)))
    .limit(1);
  return Boolean(mine);
}

/**
 * Adds a video to the actor's favorites or takes it out: `favorite` says which, or when
 * absent the current state flips.
 */
export async function setFavorite(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  videoId: string,
  favorite?: boolean,
): Promise<FavoriteState> {
  const me = requireMemberRight(actor, 'participate');
  await loadVisibleVideo(db, me, videoId);
  const wanted = favorite ?? !(await hasFavorited(db, me.id, videoId));
  if (wanted) {
    await db.insert(videoFavorites).values({ userId: me.id, videoId }).onConflictDoNothing();
  } else {
    await db
      .delete(videoFavorites)
      .where(and(eq(videoFavorites.userId, me.id), eq(videoFavorites.videoId, videoId)));
  }
  return getFavoriteState(db, me.id, videoId);
}

export async function countFavorites(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videoFavorites)
    .innerJoin(videos, eq(videos.id, videoFavorites.videoId))
    .where(and(eq(videoFavorites.userId, userId), eq(videos.status, 'published')));
  return Number(row?.n ?? 0);
}

/** A user's published favorites, most recently favorited first, 20 a page. */
export async function listFavoriteVideos(
  db: Database,
  userId: string,
  index = 0,
): Promise<ListPage<VideoSummary>> {
  const rows = await db
    .select(summaryColumns)
    .from(videoFavorites)
    .innerJoin(videos, eq(videos.id, videoFavorites.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(videoFavorites.userId, userId), eq(videos.status, 'published')))
    .orderBy(desc(videoFavorites.createdAt), videos.id)
    .limit(FAVORITES_PAGE_SIZE)
    .offset(index * FAVORITES_PAGE_SIZE);
  return pageOf(rows.map(toSummary), await countFavorites(db, userId), index, FAVORITES_PAGE_SIZE);
}
