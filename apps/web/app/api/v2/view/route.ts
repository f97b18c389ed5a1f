import { countViewEndpoint } from '@cutroom/core/features/videos/watch/watch.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(countViewEndpoint);
