import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import { summaryColumns, toSummary, type VideoSummary } from '../../discovery/browse';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import {
  playlists,
  playlistVideos,
  users,
  videos,
  type Playlist,
} from '../../../platform/db/schema';
import { pageOf, type ListPage, PEOPLE_MESSAGES } from '../../people/social';
import { requireMemberRight } from '../../../access/rights';
import { newVideoId } from '../../../kernel/public-id';
import { VIDEO_MISSING_MESSAGE } from '../../../access/video-rules';
import { inTransaction } from '../../../platform/db/unit-of-work';
import type { Call } from '../../../access/call';

export const MAX_PLAYLIST_VIDEOS = 500;
export const MAX_PLAYLISTS = 200;
export const PLAYLISTS_PAGE_SIZE = 18;

/** A playlist as lists show it. */
export interface PlaylistSummary {
  id: string;
  name: string;
  isPublic: boolean;
  owner: string;
  videoCount: number;
  /** The video standing for the playlist (chosen, else the first) and its poster. */
  thumbnailVideoId: string | null;
  thumbnailPosterKey: string | null;
  updatedAt: string;
}

export interface PlaylistDetail extends PlaylistSummary {
  isOwner: boolean;
  /** Published videos in playlist order (unpublished ones drop out of sight, not of the list). */
  videos: VideoSummary[];
}

const published = sql`${videos.status} = 'published'`;

/** Summaries of the given playlists, thumbnails and counts from their published videos. */
async function summarize(db: Database, rows: (Playlist & { owner: string })[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const stats = await db
    .select({
      playlistId: playlistVideos.playlistId,
      count: sql<number>`count(*)::int`,
      firstVideoId: sql<
        string | null
      >`(array_agg(${videos.id} order by ${playlistVideos.position}, ${playlistVideos.addedAt}))[1]`,
    })
    .from(playlistVideos)
    .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
    .where(and(inArray(playlistVideos.playlistId, ids), published))
    .groupBy(playlistVideos.playlistId);
  const byId = new Map(stats.map((stat) => [stat.playlistId, stat]));
  const thumbIds = rows
    .map((row) => row.thumbnailVideoId ?? byId.get(row.id)?.firstVideoId ?? null)
    .filter((id): id is string => Boolean(id));
  const posters = thumbIds.length
    ? await db
        .select({ id: videos.id, posterKey: videos.posterKey })
        .from(videos)
        .where(and(inArray(videos.id, thumbIds), published))
    : [];
  const posterById = new Map(posters.map((poster) => [poster.id, poster.posterKey]));
  return rows.map((row): PlaylistSummary => {
    const thumbnailVideoId = row.thumbnailVideoId ?? byId.get(row.id)?.firstVideoId ?? null;
    return {
      id: row.id,
      name: row.name,
      isPublic: row.isPublic,
      owner: row.owner,
      videoCount: Number(byId.get(row.id)?.count ?? 0),
      thumbnailVideoId,
      thumbnailPosterKey: (thumbnailVideoId && posterById.get(thumbnailVideoId)) || null,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const playlistWithOwner = { ...getPlaylistColumns(), owner: users.username };
function getPlaylistColumns() {
  return {
    id: playlists.id,
    ownerId: playlists.ownerId,
    name: playlists.name,
    thumbnailVideoId: playlists.thumbnailVideoId,
    isPublic: playlists.isPublic,
    createdAt: playlists.createdAt,
    updatedAt: playlists.updatedAt,
  };
}

/** A playlist the actor may see: public ones to all, private ones only to their owner (404). */
async function loadVisiblePlaylist(db: Database, actor: Actor | null, id: string) {
  const [row] = await db
    .select(playlistWithOwner)
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.ownerId))
    .where(eq(playlists.id, id))
    .limit(1);
  // A private playlist answers as missing, so its existence is not revealed either.
  if (!row || (!row.isPublic && row.ownerId !== actor?.id)) {
    throw new ServiceError('not_found', PEOPLE_MESSAGES.playlistMissing);
  }
  return row;
}

/** The playlist when the actor owns it (the check every change makes); 404 or 403 otherwise. */
async function loadOwnPlaylist(db: Database, actor: Actor | null, id: string) {
  const me = requireMemberRight(actor, 'participate');
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id)).limit(1);
  if (!row || (!row.isPublic && row.ownerId !== me.id)) {
    throw new ServiceError('not_found', PEOPLE_MESSAGES.playlistMissing);
  }
  if (row.ownerId !== me.id) throw new ServiceError('forbidden', PEOPLE_MESSAGES.playlistNotYours);
  return { me, playlist: row };
}

async function requirePublishedVideo(db: Database, videoId: string) {
  const [video] = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(and(eq(videos.id, videoId), published))
    .limit(1);
  if (!video) throw new ServiceError('not_found', VIDEO_MISSING_MESSAGE);
  return video;
}

async function playlistVideoIds(db: Database, playlistId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: playlistVideos.videoId })
    .from(playlistVideos)
    .where(eq(playlistVideos.playlistId, playlistId))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.addedAt));
  return rows.map((row) => row.videoId);
}

export async function getPlaylist(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  id: string,
): Promise<PlaylistDetail> {
  const row = await loadVisiblePlaylist(db, actor, id);
  const [summary] = await summarize(db, [row]);
  const rows = await db
    .select(summaryColumns)
    .from(playlistVideos)
    .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(playlistVideos.playlistId, id), published))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.addedAt))
    .limit(MAX_PLAYLIST_VIDEOS);
  return { ...summary!, isOwner: row.ownerId === actor?.id, videos: rows.map(toSummary) };
}

/**
 * A user's playlists, newest first: all of them for their owner, the public ones for
 * everyone else. With `containsVideoId`, says which hold that video (the add-to menu).
 */
export async function listPlaylists(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  ownerId: string,
  index = 0,
): Promise<ListPage<PlaylistSummary>> {
  const where =
    actor?.id === ownerId
      ? eq(playlists.ownerId, ownerId)
      : and(eq(playlists.ownerId, ownerId), eq(playlists.isPublic, true));
  const [rows, [total]] = await Promise.all([
    db
      .select(playlistWithOwner)
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(where)
      .orderBy(desc(playlists.updatedAt), playlists.id)
      .limit(PLAYLISTS_PAGE_SIZE)
      .offset(index * PLAYLISTS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(playlists)
      .where(where),
  ]);
  return pageOf(await summarize(db, rows), Number(total?.n ?? 0), index, PLAYLISTS_PAGE_SIZE);
}

export async function countPlaylists(
  db: Database,
  viewerId: string | null,
  ownerId: string,
): Promise<number> {
  const where =
    viewerId === ownerId
      ? eq(playlists.ownerId, ownerId)
      : and(eq(playlists.ownerId, ownerId), eq(playlists.isPublic, true));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(playlists)
    .where(where);
  return Number(row?.n ?? 0);
}

/** The actor's own playlists with whether each holds the video: the add-to-playlist menu. */
export async function listPlaylistsForVideo(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  videoId: string,
): Promise<{ id: string; name: string; isPublic: boolean; hasVideo: boolean }[]> {
  const me = requireMemberRight(actor, 'participate');
  return db
    .select({
      id: playlists.id,
      name: playlists.name,
      isPublic: playlists.isPublic,
      hasVideo: sql<boolean>`exists (select 1 from playlist_videos pv where pv.playlist_id = ${playlists.id} and pv.video_id = ${videoId})`,
    })
    .from(playlists)
    .where(eq(playlists.ownerId, me.id))
    .orderBy(desc(playlists.updatedAt))
    .limit(MAX_PLAYLISTS);
}

export interface CreatePlaylistInput {
  name: string;
  /** A video id whose poster stands for the playlist; it joins the playlist first. */
  thumbnail?: string;
  isPublic?: boolean;
}

/** What a change visitors may see needs: the database, and the cache it makes stale. */
interface PlaylistChangeContext {
  db: Database;
  listings: Listings;
}

export async function createPlaylist(
  { db, listings, actor }: PlaylistChangeContext & Pick<Call, 'actor'>,
  input: CreatePlaylistInput,
): Promise<PlaylistDetail> {
  const me = requireMemberRight(actor, 'participate');
  const thumbnail = input.thumbnail ? await requirePublishedVideo(db, input.thumbnail) : null;
  const id = newVideoId();
  await inTransaction({ db }, async ({ db: tx }) => {
    // Locking the owner row makes the playlist limit hold under concurrent creations.
    await tx.execute(sql`select id from users where id = ${me.id} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(playlists)
      .where(eq(playlists.ownerId, me.id));
    if (Number(count?.n ?? 0) >= MAX_PLAYLISTS) {
      throw new ServiceError('conflict', PEOPLE_MESSAGES.tooManyPlaylists);
    }
    await tx.insert(playlists).values({
      id,
      ownerId: me.id,
      name: input.name,
      thumbnailVideoId: thumbnail?.id ?? null,
      isPublic: input.isPublic ?? true,
    });
    if (thumbnail) {
      await tx
        .insert(playlistVideos)
        .values({ playlistId: id, videoId: thumbnail.id, position: 0 });
    }
  });
  await listings.invalidate();
  return getPlaylist({ db, actor: me }, id);
}

export interface UpdatePlaylistInput {
  _id: string;
  name?: string;
  /** A video of the playlist; null goes back to the first video. */
  thumbnail?: string | null;
  isPublic?: boolean;
}

/** Renames a playlist, changes its thumbnail or who may see it. */
export async function updatePlaylist(
  { db, listings, actor, now }: PlaylistChangeContext & Pick<Call, 'actor' | 'now'>,
  input: UpdatePlaylistInput,
): Promise<PlaylistDetail> {
  const { me } = await loadOwnPlaylist(db, actor, input._id);
  if (input.thumbnail) {
    const ids = await playlistVideoIds(db, input._id);
    if (!ids.includes(input.thumbnail)) {
      throw new ServiceError('invalid', PEOPLE_MESSAGES.thumbnailNotInPlaylist);
    }
  }
  await db
    .update(playlists)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.thumbnail !== undefined ? { thumbnailVideoId: input.thumbnail } : {}),
      ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
      updatedAt: now(),
    })
    .where(eq(playlists.id, input._id));
  // A playlist made private or renamed must not linger in the pages cached for visitors.
  await listings.invalidate();
  return getPlaylist({ db, actor: me }, input._id);
}

export async function deletePlaylist(
  { db, listings, actor }: PlaylistChangeContext & Pick<Call, 'actor'>,
  id: string,
) {
  const { playlist } = await loadOwnPlaylist(db, actor, id);
  await db.delete(playlists).where(eq(playlists.id, id));
  await listings.invalidate();
  return { id, name: playlist.name };
}

/** Adds a published video at the end of a playlist. */
export async function addToPlaylist(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  id: string,
  videoId: string,
): Promise<{ playlist: Playlist; video: { id: string; title: string } }> {
  await loadOwnPlaylist(db, actor, id);
  const video = await requirePublishedVideo(db, videoId);
  const playlist = await inTransaction({ db }, async ({ db: tx }) => {
    // The playlist row lock orders concurrent additions, so positions and the limit hold.
    const [locked] = await tx.select().from(playlists).where(eq(playlists.id, id)).for('update');
    const [stats] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${playlistVideos.position}), -1)::int`,
      })
      .from(playlistVideos)
      .where(eq(playlistVideos.playlistId, id));
    if (Number(stats?.n ?? 0) >= MAX_PLAYLIST_VIDEOS) {
      throw new ServiceError('conflict', PEOPLE_MESSAGES.playlistFull);
    }
    const inserted = await tx
      .insert(playlistVideos)
      .values({ playlistId: id, videoId, position: Number(stats?.last ?? -1) + 1 })
      .onConflictDoNothing()
      .returning({ videoId: playlistVideos.videoId });
    if (inserted.length === 0) throw new ServiceError('conflict', PEOPLE_MESSAGES.playlistHasVideo);
    await tx.update(playlists).set({ updatedAt: now() }).where(eq(playlists.id, id));
    return locked!;
  });
  return { playlist, video };
}

export async function removeFromPlaylist(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  id: string,
  videoId: string,
): Promise<{ playlist: Playlist; videoId: string }> {
  const { playlist } = await loadOwnPlaylist(db, actor, id);
  const deleted = await db
    .delete(playlistVideos)
    .where(and(eq(playlistVideos.playlistId, id), eq(playlistVideos.videoId, videoId)))
    .returning({ videoId: playlistVideos.videoId });
  if (deleted.length === 0) throw new ServiceError('not_found', PEOPLE_MESSAGES.playlistLacksVideo);
  await db.update(playlists).set({ updatedAt: now() }).where(eq(playlists.id, id));
  return { playlist, videoId };
}

/** Puts a playlist's videos in the given order: every video exactly once. */
export async function reorderPlaylist(
  { db, actor, now }: Pick<Call, 'db' | 'actor' | 'now'>,
  id: string,
  videoIds: string[],
): Promise<PlaylistDetail> {
  const { me } = await loadOwnPlaylist(db, actor, id);
  await inTransaction({ db }, async ({ db: tx }) => {
    await tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, id)).for('update');
    const current = await playlistVideoIds(tx, id);
    const wanted = new Set(videoIds);
    if (
      wanted.size !== videoIds.length ||
      current.length !== videoIds.length ||
      current.some((videoId) => !wanted.has(videoId))
    ) {
      throw new ServiceError('invalid', PEOPLE_MESSAGES.reorderMismatch);
    }
    for (const [position, videoId] of videoIds.entries()) {
      await tx
        .update(playlistVideos)
        .set({ position })
        .where(and(eq(playlistVideos.playlistId, id), eq(playlistVideos.videoId, videoId)));
    }
    await tx.update(playlists).set({ updatedAt: now() }).where(eq(playlists.id, id));
  });
  return getPlaylist({ db, actor: me }, id);
}
