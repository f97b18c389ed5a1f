import {
  toVideoPageAnswer,
  VideoPageAnswer,
  DASHBOARD_PAGE_SIZE,
  GetMoreVideosInput,
  LISTING_PAGE_SIZE,
  listVideos,
} from '../browse';
import { defineEndpoint } from '../../../kernel/endpoint';
import { searchVideos } from './search.service';

/**
 * The next page of the dashboard (24 a page), of a search (18 a page, when `query` is given)
 * or of a profile's videos: /api/getmorevideos (docs/browse.md, docs/api.md).
 */
export const getMoreVideosEndpoint = defineEndpoint({
  path: '/api/getmorevideos',
  right: 'view',
  summary:
    'A page of videos for the dashboard filters (24 a page), a search query (18 a page) or a profile; index is the zero-based page.',
  input: GetMoreVideosInput,
  output: VideoPageAnswer,
  async handle(input, context) {
    const { actor, listings } = context;
    const page = await listings.forVisitors(`getmorevideos:${JSON.stringify(input)}`, !actor, () =>
      input.query
        ? searchVideos(context, {
            query: input.query,
            filters: input.filters,
            index: input.index,
            pageSize: LISTING_PAGE_SIZE,
          })
        : listVideos(context, {
            filters: input.filters,
            index: input.index,
            pageSize: DASHBOARD_PAGE_SIZE,
            profile: input.profile,
          }),
    );
    return { body: toVideoPageAnswer(page) };
  },
});
