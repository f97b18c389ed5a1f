import { eventsEndpoint } from '@cutroom/core/events/events.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(eventsEndpoint);
