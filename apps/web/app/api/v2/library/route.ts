import { libraryEndpoint } from '@cutroom/core/features/library/watch-later/library.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(libraryEndpoint);
