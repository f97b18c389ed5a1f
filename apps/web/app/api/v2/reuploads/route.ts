import { reuploadsEndpoint } from '@cutroom/core/features/moderation/reuploads/reuploads.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(reuploadsEndpoint);
