import { statisticsEndpoint } from '@cutroom/core/features/videos/statistics/statistics.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(statisticsEndpoint);
