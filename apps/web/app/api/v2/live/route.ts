import { liveEndpoint } from '@cutroom/core/features/videos/live/live.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(liveEndpoint);
