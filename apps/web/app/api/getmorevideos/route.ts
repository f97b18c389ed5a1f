import { getMoreVideosEndpoint } from '@cutroom/core/features/discovery/browse/browse.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(getMoreVideosEndpoint);
