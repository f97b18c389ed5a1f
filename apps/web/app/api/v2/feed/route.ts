import { feedEndpoint } from '@cutroom/core/feed/feed.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(feedEndpoint);
