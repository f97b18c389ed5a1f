import { libraryEndpoint } from '@cutroom/core/features/library/watch-later/library.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(libraryEndpoint);
