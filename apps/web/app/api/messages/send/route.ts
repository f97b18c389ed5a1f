import { sendMessageEndpoint } from '@cutroom/core/messages/messages.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(sendMessageEndpoint);
