import { watchedWordsEndpoint } from '@cutroom/core/moderation/watched-words.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(watchedWordsEndpoint);
