import { z } from 'zod';
import {
  defineEndpoint,
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import {
  FriendshipAnswer,
  InboxEntryAnswer,
  PagePosition,
  PersonAnswer,
  ProfileAnswer,
  ProfileLengths,
  toVideoListItem,
  VideoListItem,
  MAX_PAGE_INDEX,
} from '../../discovery/browse';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  FRIEND_LISTS,
  listFriends,
  removeFriend,
  sendFriendRequest,
} from '../friends';
import { INBOX_BOXES, MessageId, deleteMessage, listInbox, readMessage } from '../messages';
import { notifyFriendship } from '../notifications';
import { pagePosition, PEOPLE_MESSAGES } from '../social';
import { requireMemberRight } from '../../../access/rights';
import { listSubscribers, listSubscriptions, setSubscription } from '../subscriptions';
import { decodeImageData, MAX_AVATAR_BYTES, removeAvatar, updateAvatar } from './avatar.service';
import { UpdateProfileInput } from './profile.schema';
import {
  getOwnProfile,
  getProfile,
  listProfileFavorites,
  listProfileVideos,
  updateProfile,
} from './profile.service';

export const Username = z.string().trim().min(1, 'required').max(64, 'at most 64 characters');
const Index = z.number().int().min(0).max(MAX_PAGE_INDEX).default(0);
const UserRef = z.object({ username: Username });
const UserPage = z.object({ username: Username, index: Index });

const FriendshipChange = z.object({
  data: z.object({ username: z.string(), friendship: FriendshipAnswer }),
});

/** A video still processing, shown to its owner on their profile. */
const ProcessingVideoAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.string(),
  progress: z.number(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});

const PeoplePage = PagePosition.extend({ data: z.array(PersonAnswer) });

const friendAction = (action: typeof sendFriendRequest, summary: string) =>
  ({
    right: 'participate',
    summary,
    input: UserRef,
    output: FriendshipChange,
    handle: async ({ username }: { username: string }, context: RequestContext) => {
      const friendship = await action(context, username);
      await notifyFriendship(context, username, friendship);
      return { body: { data: { username, friendship } } };
    },
  }) as const;

/**
 * `/api/v2/profileInput` (docs/people.md, docs/api.md): profiles, friends, subscriptions and the
 * inbox. Answers carry the fields of docs/api.md: data, videos, count, processingVideos and the
 * *Length counters.
 */
export const profileInputEndpoint = defineModeEndpoint({
  path: '/api/v2/profileInput',
  summary:
    'Profiles, friends, subscriptions and the inbox: load, edit, befriend, subscribe, read and delete messages.',
  modes: {
    getYourProfile: {
      right: 'participate',
      summary:
        'Your own profile with its counters and inbox: the newest received messages (`inbox`) and `unreadCount` (signed-in, verified).',
      input: z.object({}),
      output: ProfileLengths.extend({
        data: ProfileAnswer.extend({ inbox: z.array(InboxEntryAnswer), unreadCount: z.number() }),
      }),
      handle: async (_input, context) => {
        const profile = await getOwnProfile(context);
        const inbox = await listInbox(context, { box: 'received' });
        return {
          body: {
            data: { ...profile, inbox: inbox.data, unreadCount: inbox.unreadCount },
            ...lengths(profile),
          },
        };
      },
    },
    VerifyEmail: {
      right: 'participate',
      summary:
        'Whether your e-mail is verified: only verified accounts sign in, so a signed-in caller is.',
      input: z.object({}),
      output: z.object({ data: z.object({ username: z.string(), emailVerified: z.boolean() }) }),
      handle: async (_input, context) => {
        const me = requireMemberRight(context.actor, 'participate');
        return { body: { data: { username: me.username, emailVerified: me.emailVerified } } };
      },
    },
    LoadProfile: {
      right: 'view',
      summary: "Anyone's profile by username: links, ranks, counters, friendship and subscription.",
      input: UserRef,
      output: ProfileLengths.extend({ data: ProfileAnswer }),
      handle: async ({ username }, context) => {
        const profile = await getProfile(context, username);
        return { body: { data: profile, ...lengths(profile) } };
      },
    },
    UpdateProfile: {
      right: 'participate',
      summary:
        'Change your description and links (website, twitter, discord, patreon, bitcoin, ethereum); "" clears one.',
      input: UpdateProfileInput,
      output: ProfileLengths.extend({ data: ProfileAnswer, Message: z.string() }),
      handle: async (input, context) => {
        const profile = await updateProfile(context, input);
        return {
          body: { data: profile, ...lengths(profile), Message: PEOPLE_MESSAGES.profileSaved },
        };
      },
    },
    UpdateAvatar: {
      right: 'participate',
      summary:
        'Upload a new avatar: `image` is a data URL or base64 of a JPEG, PNG, WebP or GIF (at most 5 MB); stored re-encoded as a 256 px WebP.',
      input: z.object({
        image: z
          .string()
          .min(1, 'image: required')
          .max(Math.ceil((MAX_AVATAR_BYTES * 4) / 3) + 100, 'An avatar may be at most 5 MB'),
      }),
      output: z.object({ data: z.object({ avatar: z.string() }) }),
      handle: async ({ image }, context) => {
        const { storage } = requireMediaServices(context);
        requireMemberRight(context.actor, 'participate');
        const data = await updateAvatar(
          {
            db: context.db,
            storage,
            listings: context.listings,
            ffmpegPath: context.config.FFMPEG_PATH,
            actor: context.actor,
            now: context.now,
          },
          decodeImageData(image),
        );
        return { body: { data } };
      },
    },
    RemoveAvatar: {
      right: 'participate',
      summary: 'Remove your avatar.',
      input: z.object({}),
      output: z.object({ data: z.object({ avatar: z.null() }) }),
      handle: async (_input, context) => {
        requireMemberRight(context.actor, 'participate');
        const { storage } = requireMediaServices(context);
        await removeAvatar({
          db: context.db,
          storage,
          listings: context.listings,
          actor: context.actor,
          now: context.now,
        });
        return { body: { data: { avatar: null } } };
      },
    },
    LoadProfileVideos: {
      right: 'view',
      summary:
        "A profile's published videos, 20 a page; to its owner also the videos still processing.",
      input: UserPage,
      output: PagePosition.extend({
        videos: z.array(VideoListItem),
        processingVideos: z.array(ProcessingVideoAnswer),
        videosLength: z.number().int(),
      }),
      handle: async ({ username, index }, context) => {
        const page = await listProfileVideos(context, username, index);
        return {
          body: {
            videos: page.data.map(toVideoListItem),
            ...pagePosition(page),
            processingVideos: page.processingVideos.map(({ id, ...rest }) => ({
              _id: id,
              ...rest,
            })),
            videosLength: page.count,
          },
        };
      },
    },
    LoadProfileFavorites: {
      right: 'view',
      summary: "A profile's favorite videos, 20 a page, most recently favorited first.",
      input: UserPage,
      output: PagePosition.extend({
        videos: z.array(VideoListItem),
        favoritesLength: z.number().int(),
      }),
      handle: async ({ username, index }, context) => {
        const page = await listProfileFavorites(context.db, username, index);
        return {
          body: {
            videos: page.data.map(toVideoListItem),
            ...pagePosition(page),
            favoritesLength: page.count,
          },
        };
      },
    },
    LoadFriends: {
      right: 'view',
      summary:
        'A friend list, 18 a page: `friends` of anyone (username), or your own `friendRequests` (received) and `pendingFriendRequests` (sent).',
      input: z.object({
        list: z.enum(FRIEND_LISTS).default('friends'),
        username: Username.optional(),
        index: Index,
      }),
      output: PeoplePage.extend({ friendsLength: z.number().int().optional() }),
      handle: async (input, context) => {
        const page = await listFriends(context, input);
        return {
          body: {
            data: page.data,
            ...pagePosition(page),
            ...(input.list === 'friends' ? { friendsLength: page.count } : {}),
          },
        };
      },
    },
    getProfileSubscriptions: {
      right: 'view',
      summary: 'Whom a user subscribes to, 18 a page.',
      input: UserPage,
      output: PeoplePage.extend({ subscriptionsLength: z.number().int() }),
      handle: async ({ username, index }, context) => {
        const page = await listSubscriptions(context.db, username, index);
        return {
          body: {
            data: page.data,
            ...pagePosition(page),
            subscriptionsLength: page.count,
          },
        };
      },
    },
    getProfileSubscribers: {
      right: 'view',
      summary: 'Who subscribes to a user, 3 a page.',
      input: UserPage,
      output: PeoplePage,
      handle: async ({ username, index }, context) => {
        const page = await listSubscribers(context.db, username, index);
        return {
          body: { data: page.data, ...pagePosition(page) },
        };
      },
    },
    SendFriendRequest: friendAction(
      sendFriendRequest,
      'Ask a user to be friends (accepts theirs when they asked you first).',
    ),
    AcceptFriendRequest: friendAction(acceptFriendRequest, "Accept a user's friend request."),
    DeclineFriendRequest: friendAction(declineFriendRequest, "Decline a user's friend request."),
    CancelFriendRequest: friendAction(cancelFriendRequest, 'Withdraw your own friend request.'),
    RemoveFriend: friendAction(removeFriend, 'End a friendship (the same as /api/removeFriend).'),
    LoadInbox: {
      right: 'participate',
      summary:
        'Your messages, 18 a page, newest first: `box` "received" (the default) or "sent"; with `unreadCount`.',
      input: z.object({ box: z.enum(INBOX_BOXES).default('received'), index: Index }),
      output: PagePosition.extend({
        data: z.array(InboxEntryAnswer.extend({ preview: z.string() })),
        box: z.enum(INBOX_BOXES),
        unreadCount: z.number().int(),
      }),
      handle: async ({ box, index }, context) => {
        const page = await listInbox(context, { box, index });
        return {
          body: {
            data: page.data,
            box: page.box,
            ...pagePosition(page),
            unreadCount: page.unreadCount,
          },
        };
      },
    },
    ReadInboxMessage: {
      right: 'participate',
      summary:
        'Open one of your messages by `id` (received or sent); opening a received one marks it read.',
      input: z.object({ id: MessageId }),
      output: z.object({
        data: InboxEntryAnswer.extend({ message: z.string(), box: z.enum(INBOX_BOXES) }),
      }),
      handle: async ({ id }, context) => ({
        body: { data: await readMessage(context, id) },
      }),
    },
    DeleteInboxMessage: {
      right: 'participate',
      summary:
        'Delete your copy of a message by `id`: from your inbox, or from your sent messages; the other side keeps theirs.',
      input: z.object({ id: MessageId }),
      output: z.object({
        data: z.object({ id: z.string(), box: z.enum(INBOX_BOXES) }),
        deleted: z.literal(true),
      }),
      handle: async ({ id }, context) => ({
        body: {
          data: await deleteMessage(context, id),
          deleted: true,
        },
      }),
    },
    subscribe: {
      right: 'participate',
      summary:
        "Subscribe to a user's uploads or stop: `subscribe` true or false, or leave it out to toggle.",
      input: z.object({ username: Username, subscribe: z.boolean().optional() }),
      output: z.object({
        data: z.object({
          subscribed: z.boolean(),
          subscribersCount: z.number().int(),
          username: z.string(),
        }),
      }),
      handle: async ({ username, subscribe }, context) => ({
        body: { data: await setSubscription(context, username, subscribe) },
      }),
    },
  },
});

function lengths(profile: Awaited<ReturnType<typeof getProfile>>) {
  return {
    videosLength: profile.videosLength,
    favoritesLength: profile.favoritesLength,
    playlistsLength: profile.playlistsLength,
    friendsLength: profile.friendsLength,
    subscriptionsLength: profile.subscriptionsLength,
  };
}

/** `/api/removeFriend` (docs/api.md): ends a friendship with `user` (a username). */
export const removeFriendEndpoint = defineEndpoint({
  path: '/api/removeFriend',
  right: 'participate',
  summary: 'End a friendship: `user` is the username of the friend.',
  input: z.object({ user: Username }),
  output: FriendshipChange.extend({ removed: z.literal(true) }),
  handle: async ({ user }, context) => {
    const friendship = await removeFriend(context, user);
    return { body: { data: { username: user, friendship }, removed: true } };
  },
});
