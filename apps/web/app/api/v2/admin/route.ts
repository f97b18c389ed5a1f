import { adminEndpoint } from '@cutroom/core/moderation/admin.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(adminEndpoint);
