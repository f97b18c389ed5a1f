import { requireMemberRight } from '../../../access/rights';
import {
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import type { Video } from '../../../platform/db/schema';
import { cancelVideo, deleteVideo, retryVideo } from '../processing';
import { setFavorite, voteVideo } from '../../library/votes';
import { z } from 'zod';
import { ChangeVideoInput, EDIT_SUCCESS_MESSAGE, VideoId, VideoRef } from './video-input.schema';
import { changeVideo, republishVideo, unpublishVideo } from './video-owner.service';

/** The answer's `video` after a change: what the owner's pages need. */
const VideoChangeAnswer = z.object({
  video: z.object({
    _id: z.string(),
    slug: z.string(),
    title: z.string(),
    status: z.string(),
    progress: z.number(),
    failureReason: z.string().nullable(),
  }),
});

const FavoriteAnswer = z.object({
  video: z.object({
    _id: z.string(),
    isFavorited: z.boolean(),
    favoritesCount: z.number().int(),
    isFavoritedBy: z.array(z.string()),
  }),
});

const VideoGoneAnswer = z.object({ video: z.object({ _id: z.string(), status: z.string() }) });

/** The answer's `video`: what the owner's pages need after a change. */
const videoAnswer = (video: Video) => ({
  _id: video.id,
  slug: video.slug,
  title: video.title,
  status: video.status,
  progress: video.progress,
  failureReason: video.failureReason,
});

/** The favorite state of a video after favoriting or unfavoriting it. */
const favoriteAnswer = (_id: string, state: Awaited<ReturnType<typeof setFavorite>>) => ({
  video: {
    _id,
    isFavorited: state.isFavorited,
    favoritesCount: state.favoritesCount,
    isFavoritedBy: state.isFavoritedBy,
  },
});

const processingContext = (context: RequestContext) => ({
  db: context.db,
  now: context.now,
  ...requireMediaServices(context),
});

/** Upvote and Downvote: the new counts and ratio; a repeated vote answers 409 with Message. */
const voteMode = (value: 1 | -1, summary: string) => ({
  right: 'participate' as const,
  summary,
  input: VideoRef,
  output: z.object({
    video: z.object({
      _id: z.string(),
      upvotes: z.number().int(),
      downvotes: z.number().int(),
      vote: z.literal([1, -1]),
    }),
    /** The share of up votes in per cent; null before the first vote. */
    ratio: z.number().nullable(),
  }),
  handle: async ({ _id }: { _id: string }, context: RequestContext) => {
    const result = await voteVideo(context, _id, value);
    const video = { _id, upvotes: result.upvotes, downvotes: result.downvotes, vote: result.vote };
    return { body: { video, ratio: result.ratio } };
  },
});

/**
 * `/api/v2/videoInput` (docs/people.md, docs/api.md): what an owner (or an admin) does to a video,
 * and what any verified member does to one: vote and favorite.
 */
export const videoInputEndpoint = defineModeEndpoint({
  path: '/api/v2/videoInput',
  summary:
    'Act on a video: vote, favorite; for its owner edit it, unpublish or publish it again, cancel or retry its processing, delete it.',
  modes: {
    Upvote: voteMode(1, 'Vote a video up (switches a down vote); the same vote twice is refused.'),
    Downvote: voteMode(
      -1,
      'Vote a video down (switches an up vote); the same vote twice is refused.',
    ),
    favorite: {
      right: 'participate',
      summary:
        'Add a video to your favorites or take it out: `favorite` true or false, or leave it out to toggle.',
      input: z.object({ _id: VideoId, favorite: z.boolean().optional() }),
      output: FavoriteAnswer,
      handle: async ({ _id, favorite }, context) => {
        const state = await setFavorite(context, _id, favorite);
        return { body: favoriteAnswer(_id, state) };
      },
    },
    unfavorite: {
      right: 'participate',
      summary: 'Take a video out of your favorites.',
      input: VideoRef,
      output: FavoriteAnswer,
      handle: async ({ _id }, context) => {
        const state = await setFavorite(context, _id, false);
        return { body: favoriteAnswer(_id, state) };
      },
    },
    ChangeVideo: {
      right: 'upload',
      summary: "Edit a video's title, description, category, flags and labels (owner or admin).",
      input: ChangeVideoInput,
      output: VideoChangeAnswer.extend({ Message: z.string() }),
      handle: async (input, context) => {
        const video = await changeVideo(context, input);
        return { body: { video: videoAnswer(video), Message: EDIT_SUCCESS_MESSAGE } };
      },
    },
    unpublish: {
      right: 'upload',
      summary: 'Take a published video off the site (owner or admin).',
      input: VideoRef,
      output: VideoChangeAnswer,
      handle: async ({ _id }, context) => ({
        body: { video: videoAnswer(await unpublishVideo(context, _id)) },
      }),
    },
    publish: {
      right: 'upload',
      summary: 'Put a video you unpublished back on the site.',
      input: VideoRef,
      output: VideoChangeAnswer,
      handle: async ({ _id }, context) => ({
        body: { video: videoAnswer(await republishVideo(context, _id)) },
      }),
    },
    cancel: {
      right: 'upload',
      summary: 'Stop processing a video and remove it with everything it made.',
      input: VideoRef,
      output: VideoGoneAnswer,
      handle: async ({ _id }, context) => {
        const actor = requireMemberRight(context.actor, 'upload');
        await cancelVideo({ ...processingContext(context), actor }, _id);
        return { body: { video: { _id, status: 'cancelled' } } };
      },
    },
    retry: {
      right: 'upload',
      summary: 'Process a video again after its processing failed.',
      input: VideoRef,
      output: VideoChangeAnswer,
      handle: async ({ _id }, context) => {
        const actor = requireMemberRight(context.actor, 'upload');
        return {
          body: {
            video: videoAnswer(await retryVideo({ ...processingContext(context), actor }, _id)),
          },
        };
      },
    },
    delete: {
      right: 'upload',
      summary: 'Delete a video and every file of it.',
      input: VideoRef,
      output: VideoGoneAnswer,
      handle: async ({ _id }, context) => {
        const actor = requireMemberRight(context.actor, 'upload');
        await deleteVideo({ ...processingContext(context), actor }, _id);
        await context.listings.invalidate();
        return { body: { video: { _id, status: 'deleted' } } };
      },
    },
  },
});
