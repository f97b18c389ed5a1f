import { z } from 'zod';
import type { VideoPage, VideoSummary } from './browse.service';
import { CATEGORIES } from '../../../platform/db/schema';

// The parts answers share. Each endpoint declares its answer's schema (`output`) from these;
// the /api page, the OpenAPI document, the web client and the contract test read them.

const count = z.number().int().min(0);
const isoDate = z.string().describe('an ISO 8601 date');

/** A video in a listing: its `_id` (docs/api.md), and what a card shows. */
export const VideoListItem = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  durationSeconds: z.number().nullable(),
  topQuality: z.number().int().nullable(),
  views: count,
  upvotes: count,
  downvotes: count,
  publishedAt: isoDate.nullable(),
  uploader: z.string(),
  isExplicit: z.boolean(),
  hasSeizureWarning: z.boolean(),
  /** Storage keys of the poster, its WebP copy and the preview sprites' WebVTT track. */
  posterKey: z.string().nullable(),
  posterWebpKey: z.string().nullable(),
  spritesVttKey: z.string().nullable(),
});
export type VideoListItem = z.infer<typeof VideoListItem>;

/** A listed video as answers carry it: its id is `_id` (docs/api.md). */
export function toVideoListItem({ id, ...rest }: VideoSummary): VideoListItem {
  return { _id: id, ...rest };
}

/** Where a page stands in its list. */
export const PagePosition = z.object({
  count,
  index: count,
  hasMore: z.boolean(),
});

/** A page of videos (docs/api.md: data, count). */
export const VideoPageAnswer = PagePosition.extend({
  data: z.array(VideoListItem),
  /** When true, `count` is a lower bound. */
  countIsCapped: z.boolean(),
  /** When true, `count` is the planner's estimate (large search results). */
  countIsEstimate: z.boolean().optional(),
  pageSize: z.number().int().min(1),
  /** A search's query, and the spelling it was corrected to when that found more. */
  query: z.string().optional(),
  correctedQuery: z.string().nullable().optional(),
});
export type VideoPageAnswer = z.infer<typeof VideoPageAnswer>;

export function toVideoPageAnswer(
  page: VideoPage & { query?: string; correctedQuery?: string | null },
): VideoPageAnswer {
  return { ...page, data: page.data.map(toVideoListItem) };
}

/** A person as lists show them. */
export const PersonAnswer = z.object({
  username: z.string(),
  image: z.string().nullable(),
  isSupporter: z.boolean(),
});

export const FriendshipAnswer = z.enum(['self', 'none', 'requested', 'incoming', 'friends']);

/** The counters of a profile (docs/api.md: the *Length fields). */
export const ProfileLengths = z.object({
  videosLength: count,
  favoritesLength: count,
  playlistsLength: count,
  friendsLength: count,
  subscriptionsLength: count,
});

export const ProfileAnswer = ProfileLengths.extend({
  username: z.string(),
  avatar: z.string().nullable(),
  ranks: z.array(z.object({ name: z.string() })),
  description: z.string(),
  website: z.string(),
  twitter: z.string(),
  discord: z.string(),
  patreon: z.string(),
  bitcoin: z.string(),
  ethereum: z.string(),
  memberSince: isoDate,
  isSelf: z.boolean(),
  friendship: FriendshipAnswer,
  isSubscribed: z.boolean(),
  subscribersLength: count,
});

/** A message in the inbox (docs/people.md: inbox entries with id). */
export const InboxEntryAnswer = z.object({
  id: z.string(),
  subject: z.string(),
  sender: PersonAnswer,
  recipient: PersonAnswer,
  ticket: z.string().nullable(),
  createdAt: isoDate,
  unread: z.boolean(),
});

/** The new-user record (docs/accounts.md). */
export const NewUserRecordAnswer = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  accountType: z.string(),
  creationDate: isoDate,
  lastLogin: isoDate.nullable(),
});

/** One playlist (docs/api.md: name, thumbnail, _id), with what pages need. */
export const PlaylistAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  /** The id of the video standing for the playlist. */
  thumbnail: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  isPublic: z.boolean(),
  owner: z.string(),
  videoCount: count,
});
export type PlaylistAnswer = z.infer<typeof PlaylistAnswer>;

/** The add-to-playlist menu: the caller's playlists and whether each holds the video. */
export const PlaylistMenuAnswer = z.object({
  data: z.array(
    z.object({ _id: z.string(), name: z.string(), isPublic: z.boolean(), hasVideo: z.boolean() }),
  ),
});
export type PlaylistMenuAnswer = z.infer<typeof PlaylistMenuAnswer>;
