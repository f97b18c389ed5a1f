import { countViewEndpoint } from '@cutroom/core/features/videos/watch/watch.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(countViewEndpoint);
