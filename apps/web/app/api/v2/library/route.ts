import { libraryEndpoint } from '@cutroom/core/library/library.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(libraryEndpoint);
