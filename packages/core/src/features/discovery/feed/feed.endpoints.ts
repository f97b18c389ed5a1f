import { z } from 'zod';
import { defineEndpoint, requireMediaServices } from '../../../kernel/endpoint';
import { listFeed, type FeedPosition } from './feed.service';

const videoId = (field: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, `${field} is a video id`)
    .optional();

export const FeedInput = z
  .object({
    /** Start at this video, itself first (a reload keeps its place). */
    from: videoId('from'),
    /** The videos after (older than) this one: the next page. */
    after: videoId('after'),
    /** The videos just before (newer than) this one, in feed order. */
    before: videoId('before'),
  })
  .refine((input) => [input.from, input.after, input.before].filter(Boolean).length <= 1, {
    message: 'from, after and before: give at most one',
  });

const FeedVideoAnswer = z.object({
  id: z.string(),
  slug: z.string(),
  path: z.string(),
  title: z.string(),
  uploader: z.string(),
  durationSeconds: z.number().nullable(),
  aspectRatio: z.number().nullable(),
  views: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  favoritesCount: z.number().int(),
  isExplicit: z.boolean(),
  hasSeizureWarning: z.boolean(),
  masterPlaylistUrl: z.string(),
  posterUrl: z.string(),
});

export const FeedAnswer = z.object({
  data: z.array(FeedVideoAnswer),
  hasMore: z.boolean(),
});

/** The position a call asks for (at most one of from, after, before). */
export function feedPosition(input: z.output<typeof FeedInput>): FeedPosition {
  if (input.from) return { kind: 'from', videoId: input.from };
  if (input.after) return { kind: 'after', videoId: input.after };
  if (input.before) return { kind: 'before', videoId: input.before };
  return { kind: 'newest' };
}

/** A page of the vertical feed (docs/feed.md). */
export const feedEndpoint = defineEndpoint({
  path: '/api/v2/feed',
  right: 'view',
  summary:
    'A page of the vertical feed of short videos, newest first: from a video (itself first), after one (the next page) or before one (the newer ones).',
  input: FeedInput,
  output: FeedAnswer,
  async handle(input, context) {
    const { storage } = requireMediaServices(context);
    const page = await context.listings.forVisitors(
      `feed:${JSON.stringify(input)}`,
      !context.actor,
      () => listFeed(context.db, storage, feedPosition(input)),
    );
    return { body: { data: page.data, hasMore: page.hasMore } };
  },
});
