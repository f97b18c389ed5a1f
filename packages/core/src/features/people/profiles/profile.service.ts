import { eq } from 'drizzle-orm';
import type { Actor } from '../../../kernel/endpoint';
import { listVideos, type VideoPage } from '../../discovery/browse';
import type { Listings } from '../../../platform/cache/listing-cache';
import type { Database } from '../../../platform/db/client';
import { users, type User, type Video } from '../../../platform/db/schema';
import { countFriends, getFriendshipState, type FriendshipState } from '../friends';
import { countPlaylists } from '../../library/playlists';
import { countPublishedVideos, ranksOf } from '../ranks';
import { findUserByUsername } from '../social';
import { requireMemberRight } from '../../../access/rights';
import { countSubscribers, countSubscriptions, isSubscribed } from '../subscriptions';
import { listProcessingVideos } from '../../videos/processing';
import { countFavorites, listFavoriteVideos } from '../../library/votes';
import { screenDetails } from '../../moderation/watched-words';
import type { UpdateProfileInput } from './profile.schema';
import type { Call } from '../../../access/call';

/** Profile videos a page (docs/limits.md). */
export const PROFILE_VIDEOS_PAGE_SIZE = 20;

/** The answer counters (docs/api.md), derived from the rows each time so they cannot drift. */
export interface ProfileCounters {
  videosLength: number;
  favoritesLength: number;
  playlistsLength: number;
  friendsLength: number;
  subscriptionsLength: number;
  subscribersLength: number;
}

export interface Profile extends ProfileCounters {
  username: string;
  avatar: string | null;
  ranks: { name: string }[];
  description: string;
  website: string;
  twitter: string;
  discord: string;
  patreon: string;
  bitcoin: string;
  ethereum: string;
  memberSince: string;
  isSelf: boolean;
  /** Where the viewer stands with this user. */
  friendship: FriendshipState;
  isSubscribed: boolean;
}

async function toProfile(db: Database, user: User, viewerId: string | null): Promise<Profile> {
  const [
    videosLength,
    favoritesLength,
    playlistsLength,
    friendsLength,
    subscriptionsLength,
    subscribersLength,
    friendship,
    subscribed,
  ] = await Promise.all([
    countPublishedVideos(db, user.id),
    countFavorites(db, user.id),
    countPlaylists(db, viewerId, user.id),
    countFriends(db, user.id),
    countSubscriptions(db, user.id),
    countSubscribers(db, user.id),
    getFriendshipState(db, viewerId, user.id),
    isSubscribed(db, viewerId, user.id),
  ]);
  return {
    username: user.username,
    avatar: user.image,
    ranks: ranksOf(user, videosLength),
    description: user.description,
    website: user.website,
    twitter: user.twitter,
    discord: user.discord,
    patreon: user.patreon,
    bitcoin: user.bitcoin,
    ethereum: user.ethereum,
    memberSince: user.createdAt.toISOString(),
    isSelf: viewerId === user.id,
    friendship,
    isSubscribed: subscribed,
    videosLength,
    favoritesLength,
    playlistsLength,
    friendsLength,
    subscriptionsLength,
    subscribersLength,
  };
}

/** Anyone's public profile, by username. */
export async function getProfile(
  { db, actor }: Pick<Call, 'db' | 'actor'>,
  username: string,
): Promise<Profile> {
  const user = await findUserByUsername(db, username);
  return toProfile(db, user, actor?.id ?? null);
}

/** The signed-in member's own profile. */
export async function getOwnProfile({ db, actor }: Pick<Call, 'db' | 'actor'>): Promise<Profile> {
  const me = requireMemberRight(actor, 'participate');
  const [user] = await db.select().from(users).where(eq(users.id, me.id)).limit(1);
  return toProfile(db, user!, me.id);
}

export async function updateProfile(
  { db, listings, actor, now }: { db: Database; listings: Listings } & Pick<Call, 'actor' | 'now'>,
  input: UpdateProfileInput,
): Promise<Profile> {
  const me = requireMemberRight(actor, 'participate');
  // The "about" text, checked against the site's watched words (docs/moderation.md).
  await screenDetails(db, { description: input.description });
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  );
  await db
    .update(users)
    .set({ ...changes, updatedAt: now() })
    .where(eq(users.id, me.id));
  // The public profile page is cached for visitors.
  await listings.invalidate();
  return getOwnProfile({ db, actor: me });
}

/** A processing (or failed) video as the owner's profile shows it. */
export interface ProcessingVideo {
  id: string;
  title: string;
  status: Video['status'];
  progress: number;
  failureReason: string | null;
  createdAt: string;
}

/**
 * A profile's published videos, 20 a page, newest first; to the owner also the videos still
 * processing (or failed), which nobody else sees.
 */
export async function listProfileVideos(
  ctx: Pick<Call, 'db' | 'actor' | 'now'>,
  username: string,
  index = 0,
): Promise<VideoPage & { processingVideos: ProcessingVideo[] }> {
  const { db, actor } = ctx;
  const user = await findUserByUsername(db, username);
  const page = await listVideos(ctx, {
    profile: user.username,
    index,
    pageSize: PROFILE_VIDEOS_PAGE_SIZE,
  });
  const processing =
    actor?.id === user.id && index === 0 ? await listProcessingVideos({ db }, user.id) : [];
  return {
    ...page,
    processingVideos: processing.map((video) => ({
      id: video.id,
      title: video.title,
      status: video.status,
      progress: video.progress,
      failureReason: video.failureReason,
      createdAt: video.createdAt.toISOString(),
    })),
  };
}

export async function listProfileFavorites(db: Database, username: string, index = 0) {
  const user = await findUserByUsername(db, username);
  return listFavoriteVideos(db, user.id, index);
}

/** Whether a username belongs to the actor (case-insensitive). */
export const isOwnUsername = (actor: Actor | null, username: string) =>
  Boolean(actor && actor.username.toLowerCase() === username.toLowerCase());
