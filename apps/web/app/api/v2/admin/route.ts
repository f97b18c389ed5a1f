import { adminEndpoint } from '@cutroom/core/features/moderation/staff/admin.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(adminEndpoint);
