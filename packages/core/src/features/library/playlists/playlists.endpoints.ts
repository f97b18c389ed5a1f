import { z } from 'zod';
import {
  PagePosition,
  PlaylistAnswer,
  PlaylistMenuAnswer,
  toVideoListItem,
  VideoListItem,
  MAX_PAGE_INDEX,
} from '../../discovery/browse';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import { findUserByUsername, pagePosition } from '../../people/social';
import { VideoId } from '../../videos/input';
import {
  addToPlaylist,
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  listPlaylists,
  listPlaylistsForVideo,
  MAX_PLAYLIST_VIDEOS,
  removeFromPlaylist,
  reorderPlaylist,
  updatePlaylist,
  type PlaylistSummary,
} from './playlists.service';

const PlaylistWithVideos = PlaylistAnswer.extend({ videos: z.array(VideoListItem) });

const PlaylistId = z.string().regex(/^[A-Za-z0-9]{6,32}$/, "This playlist doesn't exist");
const Name = z.string().trim().min(1, 'A playlist needs a name').max(100, 'at most 100 characters');

/** The poster URL of a playlist's thumbnail video, when the server knows its storage. */
const thumbnailUrl = (summary: PlaylistSummary, context: RequestContext) =>
  summary.thumbnailPosterKey && context.media
    ? context.media.storage.publicUrl(summary.thumbnailPosterKey)
    : null;

/** The answer fields (docs/api.md: name, thumbnail, _id) for one playlist, plus what pages need. */
const playlistAnswer = (summary: PlaylistSummary, context: RequestContext) => ({
  _id: summary.id,
  name: summary.name,
  thumbnail: summary.thumbnailVideoId,
  thumbnailUrl: thumbnailUrl(summary, context),
  isPublic: summary.isPublic,
  owner: summary.owner,
  videoCount: summary.videoCount,
});

/**
 * `/api/v2/playlists` (docs/people.md, docs/api.md): create, rename, delete, fill and order
 * playlists. Changes are the owner's alone; private playlists are visible only to their owner.
 */
export const playlistsEndpoint = defineModeEndpoint({
  path: '/api/v2/playlists',
  summary: 'Playlists: create, rename, delete, add and remove videos, reorder, list and load.',
  modes: {
    create: {
      right: 'participate',
      summary:
        'Create a playlist: `name`, optional `thumbnail` (a video id; the video joins the playlist) and `isPublic` (default true).',
      input: z.object({
        name: Name,
        thumbnail: VideoId.optional(),
        isPublic: z.boolean().optional(),
      }),
      output: PlaylistWithVideos,
      handle: async (input, context) => {
        const playlist = await createPlaylist(context, input);
        return {
          status: 201,
          body: {
            ...playlistAnswer(playlist, context),
            videos: playlist.videos.map(toVideoListItem),
          },
        };
      },
    },
    update: {
      right: 'participate',
      summary:
        'Rename (`name`), choose the thumbnail (`thumbnail`: a video of the playlist, null for the first) or make public/private (`isPublic`).',
      input: z.object({
        _id: PlaylistId,
        name: Name.optional(),
        thumbnail: VideoId.nullable().optional(),
        isPublic: z.boolean().optional(),
      }),
      output: PlaylistAnswer,
      handle: async (input, context) => {
        const playlist = await updatePlaylist(context, input);
        return { body: playlistAnswer(playlist, context) };
      },
    },
    delete: {
      right: 'participate',
      summary: 'Delete a playlist (its videos stay on the site).',
      input: z.object({ _id: PlaylistId }),
      output: z.object({ _id: z.string(), name: z.string(), deleted: z.literal(true) }),
      handle: async ({ _id }, context) => {
        const deleted = await deletePlaylist(context, _id);
        return { body: { _id, name: deleted.name, deleted: true } };
      },
    },
    addVideo: {
      right: 'participate',
      summary: 'Add a published video (`videoId`) at the end of the playlist.',
      input: z.object({ _id: PlaylistId, videoId: VideoId }),
      output: z.object({
        _id: z.string(),
        name: z.string(),
        videoId: z.string(),
        title: z.string(),
      }),
      handle: async ({ _id, videoId }, context) => {
        const { playlist, video } = await addToPlaylist(context, _id, videoId);
        return { body: { _id, name: playlist.name, videoId: video.id, title: video.title } };
      },
    },
    removeVideo: {
      right: 'participate',
      summary: 'Take a video (`videoId`) out of the playlist.',
      input: z.object({ _id: PlaylistId, videoId: VideoId }),
      output: z.object({ _id: z.string(), name: z.string(), videoId: z.string() }),
      handle: async ({ _id, videoId }, context) => {
        const { playlist } = await removeFromPlaylist(context, _id, videoId);
        return { body: { _id, name: playlist.name, videoId } };
      },
    },
    reorder: {
      right: 'participate',
      summary: 'Put the videos in a new order: `videoIds` lists every video of the playlist once.',
      input: z.object({ _id: PlaylistId, videoIds: z.array(VideoId).max(MAX_PLAYLIST_VIDEOS) }),
      output: PlaylistAnswer.extend({ videoIds: z.array(z.string()) }),
      handle: async ({ _id, videoIds }, context) => {
        const playlist = await reorderPlaylist(context, _id, videoIds);
        return {
          body: {
            ...playlistAnswer(playlist, context),
            videoIds: playlist.videos.map((v) => v.id),
          },
        };
      },
    },
    get: {
      right: 'view',
      summary: 'One playlist with its videos in order (private ones only for their owner).',
      input: z.object({ _id: PlaylistId }),
      output: PlaylistWithVideos.extend({ title: z.string(), isOwner: z.boolean() }),
      handle: async ({ _id }, context) => {
        const playlist = await getPlaylist(context, _id);
        return {
          body: {
            ...playlistAnswer(playlist, context),
            title: playlist.name,
            isOwner: playlist.isOwner,
            videos: playlist.videos.map(toVideoListItem),
          },
        };
      },
    },
    list: {
      right: 'view',
      summary:
        "A user's playlists (`username`), 18 a page: every one for their owner, public ones for others.",
      input: z.object({
        username: z.string().trim().min(1).max(64),
        index: z.number().int().min(0).max(MAX_PAGE_INDEX).default(0),
      }),
      output: PagePosition.extend({ data: z.array(PlaylistAnswer) }),
      handle: async ({ username, index }, context) => {
        const owner = await findUserByUsername(context.db, username);
        const page = await listPlaylists(context, owner.id, index);
        return {
          body: {
            data: page.data.map((summary) => playlistAnswer(summary, context)),
            ...pagePosition(page),
          },
        };
      },
    },
    forVideo: {
      right: 'participate',
      summary: 'Your playlists and whether each holds the video (`videoId`): the add-to menu.',
      input: z.object({ videoId: VideoId }),
      output: PlaylistMenuAnswer,
      handle: async ({ videoId }, context) => ({
        body: {
          data: (await listPlaylistsForVideo(context, videoId)).map(({ id, ...rest }) => ({
            _id: id,
            ...rest,
          })),
        },
      }),
    },
  },
});
