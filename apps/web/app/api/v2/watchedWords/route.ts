import { watchedWordsEndpoint } from '@cutroom/core/features/moderation/watched-words/watched-words.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(watchedWordsEndpoint);
