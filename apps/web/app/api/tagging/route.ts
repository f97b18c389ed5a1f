import { taggingEndpoint } from '@cutroom/core/features/community/tagging/tagging.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(taggingEndpoint);
