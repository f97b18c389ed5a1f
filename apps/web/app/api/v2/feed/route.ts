import { feedEndpoint } from '@cutroom/core/features/discovery/feed/feed.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(feedEndpoint);
