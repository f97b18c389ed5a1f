import { getMoreVideosEndpoint } from '@cutroom/core/features/discovery/search/more-videos.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(getMoreVideosEndpoint);
