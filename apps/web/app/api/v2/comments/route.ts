import { commentsEndpoint } from '@cutroom/core/features/community/comments/comments.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(commentsEndpoint);
