import { z } from 'zod';
import {
  toVideoListItem,
  toVideoPageAnswer,
  VideoPageAnswer,
  LISTING_PAGE_SIZE,
  MAX_PAGE_INDEX,
  VideoFilters,
  listVideos,
  type VideoPage,
  listRecommendedVideos,
} from '../browse';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import type { Category } from '../../../platform/db/schema';

const index = z
  .number({ error: 'index is a page number' })
  .int('index is a whole number')
  .min(0, 'index is at least 0')
  .max(MAX_PAGE_INDEX, `index is at most ${MAX_PAGE_INDEX}`)
  .default(0);

const answer = (page: VideoPage) => ({ body: toVideoPageAnswer(page) });

function newestOf(category: Category | 'all') {
  return {
    right: 'view' as const,
    summary: `The newest ${category === 'all' ? '' : `${category} `}videos, 18 a page.`,
    input: z.object({ index }).strict(),
    output: VideoPageAnswer,
    handle: async ({ index }: { index: number }, context: RequestContext) =>
      answer(
        await context.listings.forVisitors(`v2search:${category}:${index}`, !context.actor, () =>
          listVideos(context, {
            filters: VideoFilters.parse({ category }),
            index,
            pageSize: LISTING_PAGE_SIZE,
          }),
        ),
      ),
  };
}

/** /api/v2/search (docs/api.md): listings by mode, paged by `index`, answering data and count. */
export const searchV2Endpoint = defineModeEndpoint({
  path: '/api/v2/search',
  summary: 'Listings by mode (categories, newest, a star, recommendations), 18 a page.',
  modes: {
    KoreanBJ: newestOf('koreanbj'),
    Tiktok: newestOf('tiktok'),
    Other: newestOf('other'),
    Newest: newestOf('all'),
    SearchStar: {
      right: 'view',
      summary: "A star's videos, newest first, 18 a page.",
      input: z
        .object({
          star: z.string({ error: 'star is required' }).trim().min(1, 'star is required').max(100),
          index,
        })
        .strict(),
      output: VideoPageAnswer,
      handle: async ({ star, index }, context) =>
        answer(
          await context.listings.forVisitors(`v2search:star:${star}:${index}`, !context.actor, () =>
            listVideos(context, {
              filters: VideoFilters.parse({ stars: [star] }),
              index,
              pageSize: LISTING_PAGE_SIZE,
            }),
          ),
        ),
    },
    RecommendedVideo: {
      right: 'view',
      summary: 'Videos recommended beside a video (shared labels, category, popularity).',
      input: z
        .object({
          videoId: z
            .string({ error: 'videoId is required' })
            .trim()
            .min(1, 'videoId is required')
            .max(64),
          index,
        })
        .strict(),
      output: VideoPageAnswer,
      handle: async ({ videoId, index }, { db, actor, listings }) => {
        const all = await listings.forVisitors(`v2search:recommended:${videoId}`, !actor, () =>
          listRecommendedVideos(db, videoId, { limit: LISTING_PAGE_SIZE * 2 }),
        );
        const start = index * LISTING_PAGE_SIZE;
        const data = all.slice(start, start + LISTING_PAGE_SIZE);
        return {
          body: {
            data: data.map(toVideoListItem),
            count: all.length,
            countIsCapped: false,
            index,
            pageSize: LISTING_PAGE_SIZE,
            hasMore: all.length > start + LISTING_PAGE_SIZE,
          },
        };
      },
    },
  },
});
