import { ticketsEndpoint } from '@cutroom/core/features/community/tickets/tickets.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(ticketsEndpoint);
