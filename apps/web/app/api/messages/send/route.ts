import { sendMessageEndpoint } from '@cutroom/core/features/people/messages/messages.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(sendMessageEndpoint);
