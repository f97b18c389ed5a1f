import { getMoreVideosEndpoint } from '@cutroom/core/features/discovery/browse/browse.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(getMoreVideosEndpoint);
