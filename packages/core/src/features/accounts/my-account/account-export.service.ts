import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { requireMemberRight } from '../../../access/rights';
import { consumeRequestLimit } from '../../../access/request-limit';
import type { Actor } from '../../../kernel/endpoint';
import { ServiceError } from '../../../kernel/errors/service-error';
import type { Database } from '../../../platform/db/client';
import {
  comments,
  friendships,
  messages,
  playlists,
  playlistVideos,
  subscriptions,
  userBlocks,
  users,
  videoFavorites,
  videoLabels,
  videos,
  videoVotes,
  watchHistory,
  watchLater,
  watchProgress,
} from '../../../platform/db/schema';
import type { Call } from '../../../access/call';
import { CLOSED_VIDEO_LABEL, closedVideosOf } from '../../../access/video-rules';

/** One export a member in this many seconds: it reads everything they have. */
export const EXPORT_WINDOW_SECONDS = 600;
const PAGE = 500;

export interface AccountExport {
  fileName: string;
  /** The JSON document in pieces, read from the database page by page as it is sent. */
  chunks: AsyncIterable<string>;
}

type Row = Record<string, unknown>;

/**
 * Rows as the member may see them: a row naming a video they can no longer open (made private,
 * held, removed from view) keeps no title and keeps its id only while the video is public.
 */
async function withoutClosedVideos<T extends { videoId: string }>(
  db: Database,
  actor: Actor,
  now: Date,
  rows: T[],
): Promise<(T | (Omit<T, 'videoId'> & { videoId: string | null; title: string }))[]> {
  const closed = await closedVideosOf(
    { db, actor, now: () => now },
    rows.map((row) => row.videoId),
  );
  return rows.map((row) => {
    const isPublic = closed.get(row.videoId);
    if (isPublic === undefined) return row;
    return { ...row, videoId: isPublic ? row.videoId : null, title: CLOSED_VIDEO_LABEL };
  });
}

/** The download's name: cutroom-export-<username>-<YYYY-MM-DD>.json. */
export function exportFileName(username: string, now: Date): string {
  return `cutroom-export-${username}-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Starts the export of everything the signed-in member has on the site (docs/account.md):
 * profile, videos' metadata, messages sent and received, playlists, favorites, votes, history,
 * watch later, progress, comments, subscriptions, friends and blocks. Checked and counted
 * (one every ten minutes) before the first byte; the sections are read page by page.
 */
export async function startAccountExport(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
): Promise<AccountExport> {
  const { db, actor: maybeActor } = ctx;
  const now = ctx.now();
  const actor = requireMemberRight(maybeActor, 'participate');
  try {
    await consumeRequestLimit({ db, now: () => now }, `account-export:${actor.id}`, {
      max: 1,
      windowSeconds: EXPORT_WINDOW_SECONDS,
    });
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'rate_limited') {
      throw new ServiceError(
        'rate_limited',
        'You can download your data once every 10 minutes: try again later',
      );
    }
    throw error;
  }
  return { fileName: exportFileName(actor.username, now), chunks: exportChunks(db, actor, now) };
}

/** Reads the whole export into one object (the JSON API's answer). */
export async function collectAccountExport(source: AccountExport): Promise<Row> {
  let text = '';
  for await (const chunk of source.chunks) text += chunk;
  return JSON.parse(text) as Row;
}

async function* exportChunks(db: Database, actor: Actor, now: Date): AsyncGenerator<string> {
  const me = actor.id;
  const [profile] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      isSupporter: users.isSupporter,
      description: users.description,
      website: users.website,
      twitter: users.twitter,
      discord: users.discord,
      patreon: users.patreon,
      bitcoin: users.bitcoin,
      ethereum: users.ethereum,
      image: users.image,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.id, me));
  yield `{"format":"cutroom-export/1","exportedAt":${JSON.stringify(now.toISOString())},`;
  yield `"profile":${JSON.stringify(profile ?? null)}`;

  const other = alias(users, 'other');
  const sections: [string, (offset: number) => Promise<Row[]>][] = [
    [
      'videos',
      async (offset) => {
        const rows = await db
          .select({
            id: videos.id,
            title: videos.title,
            slug: videos.slug,
            description: videos.description,
            category: videos.category,
            isExplicit: videos.isExplicit,
            status: videos.status,
            durationSeconds: videos.durationSeconds,
            width: videos.width,
            height: videos.height,
            views: videos.views,
            upvotes: videos.upvotes,
            downvotes: videos.downvotes,
            createdAt: videos.createdAt,
            publishedAt: videos.publishedAt,
          })
          .from(videos)
          .where(eq(videos.ownerId, me))
          .orderBy(asc(videos.createdAt), asc(videos.id))
          .limit(PAGE)
          .offset(offset);
        if (rows.length === 0) return [];
        const labels = await db
          .select()
          .from(videoLabels)
          .where(
            inArray(
              videoLabels.videoId,
              rows.map((row) => row.id),
            ),
          );
        return rows.map((row) => ({
          ...row,
          labels: labels
            .filter((label) => label.videoId === row.id)
            .map(({ kind, name }) => ({ kind, name })),
        }));
      },
    ],
    [
      'messagesSent',
      (offset) =>
        db
          .select({
            id: messages.id,
            to: other.username,
            subject: messages.subject,
            body: messages.body,
            createdAt: messages.createdAt,
            readAt: messages.readAt,
          })
          .from(messages)
          .innerJoin(other, eq(other.id, messages.recipientId))
          .where(and(eq(messages.senderId, me), isNull(messages.senderDeletedAt)))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(PAGE)
          .offset(offset),
    ],
    [
      'messagesReceived',
      (offset) =>
        db
          .select({
            id: messages.id,
            from: other.username,
            subject: messages.subject,
            body: messages.body,
            createdAt: messages.createdAt,
            readAt: messages.readAt,
          })
          .from(messages)
          .innerJoin(other, eq(other.id, messages.senderId))
          .where(and(eq(messages.recipientId, me), isNull(messages.recipientDeletedAt)))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(PAGE)
          .offset(offset),
    ],
    [
      'playlists',
      async (offset) => {
        const rows = await db
          .select({
            id: playlists.id,
            name: playlists.name,
            isPublic: playlists.isPublic,
            createdAt: playlists.createdAt,
          })
          .from(playlists)
          .where(eq(playlists.ownerId, me))
          .orderBy(asc(playlists.createdAt), asc(playlists.id))
          .limit(PAGE)
          .offset(offset);
        if (rows.length === 0) return [];
        const entries = await db
          .select({
            playlistId: playlistVideos.playlistId,
            videoId: playlistVideos.videoId,
            title: videos.title,
          })
          .from(playlistVideos)
          .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
          .where(
            inArray(
              playlistVideos.playlistId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(playlistVideos.position), asc(playlistVideos.addedAt))
          .then((found) => withoutClosedVideos(db, actor, now, found));
        return rows.map((row) => ({
          ...row,
          videos: entries
            .filter((entry) => entry.playlistId === row.id)
            .map(({ videoId, title }) => ({ videoId, title })),
        }));
      },
    ],
    [
      'favorites',
      (offset) =>
        db
          .select({
            videoId: videoFavorites.videoId,
            title: videos.title,
            createdAt: videoFavorites.createdAt,
          })
          .from(videoFavorites)
          .innerJoin(videos, eq(videos.id, videoFavorites.videoId))
          .where(eq(videoFavorites.userId, me))
          .orderBy(asc(videoFavorites.createdAt), asc(videoFavorites.videoId))
          .limit(PAGE)
          .offset(offset)
          .then((found) => withoutClosedVideos(db, actor, now, found)),
    ],
    [
      'votes',
      (offset) =>
        db
          .select({
            videoId: videoVotes.videoId,
            title: videos.title,
            value: videoVotes.value,
            createdAt: videoVotes.createdAt,
          })
          .from(videoVotes)
          .innerJoin(videos, eq(videos.id, videoVotes.videoId))
          .where(eq(videoVotes.userId, me))
          .orderBy(asc(videoVotes.videoId))
          .limit(PAGE)
          .offset(offset)
          .then((found) => withoutClosedVideos(db, actor, now, found)),
    ],
    [
      'history',
      (offset) =>
        db
          .select({
            videoId: watchHistory.videoId,
            title: videos.title,
            watchedAt: watchHistory.watchedAt,
          })
          .from(watchHistory)
          .innerJoin(videos, eq(videos.id, watchHistory.videoId))
          .where(eq(watchHistory.userId, me))
          .orderBy(asc(watchHistory.videoId))
          .limit(PAGE)
          .offset(offset)
          .then((found) => withoutClosedVideos(db, actor, now, found)),
    ],
    [
      'watchLater',
      (offset) =>
        db
          .select({ videoId: watchLater.videoId, addedAt: watchLater.addedAt })
          .from(watchLater)
          .where(eq(watchLater.userId, me))
          .orderBy(asc(watchLater.videoId))
          .limit(PAGE)
          .offset(offset)
          .then((found) => withoutClosedVideos(db, actor, now, found)),
    ],
    [
      'progress',
      (offset) =>
        db
          .select({
            videoId: watchProgress.videoId,
            positionSeconds: watchProgress.positionSeconds,
            durationSeconds: watchProgress.durationSeconds,
            updatedAt: watchProgress.updatedAt,
          })
          .from(watchProgress)
          .where(eq(watchProgress.userId, me))
          .orderBy(asc(watchProgress.videoId))
          .limit(PAGE)
          .offset(offset)
          .then((found) => withoutClosedVideos(db, actor, now, found)),
    ],
    [
      'comments',
      (offset) =>
        db
          .select({
            id: comments.id,
            videoId: comments.videoId,
            parentId: comments.parentId,
            body: comments.body,
            status: comments.status,
            createdAt: comments.createdAt,
            editedAt: comments.editedAt,
            deletedAt: comments.deletedAt,
          })
          .from(comments)
          .where(eq(comments.authorId, me))
          .orderBy(asc(comments.createdAt), asc(comments.id))
          .limit(PAGE)
          .offset(offset)
          .then((found) => withoutClosedVideos(db, actor, now, found)),
    ],
    [
      'subscriptions',
      (offset) =>
        db
          .select({ username: other.username, createdAt: subscriptions.createdAt })
          .from(subscriptions)
          .innerJoin(other, eq(other.id, subscriptions.channelId))
          .where(eq(subscriptions.subscriberId, me))
          .orderBy(asc(subscriptions.channelId))
          .limit(PAGE)
          .offset(offset),
    ],
    [
      'friends',
      (offset) =>
        db
          .select({
            requester: friendships.requesterId,
            username: other.username,
            status: friendships.status,
            createdAt: friendships.createdAt,
            acceptedAt: friendships.acceptedAt,
          })
          .from(friendships)
          .innerJoin(
            other,
            or(
              and(eq(friendships.requesterId, me), eq(other.id, friendships.addresseeId)),
              and(eq(friendships.addresseeId, me), eq(other.id, friendships.requesterId)),
            ),
          )
          .where(or(eq(friendships.requesterId, me), eq(friendships.addresseeId, me)))
          .orderBy(asc(other.id))
          .limit(PAGE)
          .offset(offset)
          .then((rows) =>
            rows.map(({ requester, ...row }) => ({ ...row, askedByMe: requester === me })),
          ),
    ],
    [
      'blocked',
      (offset) =>
        db
          .select({ username: other.username, createdAt: userBlocks.createdAt })
          .from(userBlocks)
          .innerJoin(other, eq(other.id, userBlocks.blockedId))
          .where(eq(userBlocks.blockerId, me))
          .orderBy(asc(userBlocks.blockedId))
          .limit(PAGE)
          .offset(offset),
    ],
  ];

  for (const [name, read] of sections) {
    yield `,\n${JSON.stringify(name)}:[`;
    let offset = 0;
    let first = true;
    for (;;) {
      const rows = await read(offset);
      for (const row of rows) {
        yield `${first ? '' : ','}\n${JSON.stringify(row)}`;
        first = false;
      }
      if (rows.length < PAGE) break;
      offset += PAGE;
    }
    yield ']';
  }
  yield '\n}\n';
}
