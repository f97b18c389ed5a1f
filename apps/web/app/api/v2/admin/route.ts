import { adminEndpoint } from '@cutroom/core/features/moderation/staff/admin.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(adminEndpoint);
