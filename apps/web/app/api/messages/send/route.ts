import { sendMessageEndpoint } from '@cutroom/core/features/people/messages/messages.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(sendMessageEndpoint);
