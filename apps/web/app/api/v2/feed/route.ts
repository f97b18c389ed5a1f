import { feedEndpoint } from '@cutroom/core/features/discovery/feed/feed.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(feedEndpoint);
