import { eventsEndpoint } from '@cutroom/core/features/community/events/events.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(eventsEndpoint);
