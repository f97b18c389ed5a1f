import { videoInputEndpoint } from '@cutroom/core/features/videos/input/video-input.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(videoInputEndpoint);
