import { liveEndpoint } from '@cutroom/core/features/videos/live/live.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(liveEndpoint);
