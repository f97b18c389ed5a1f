import { replaceFileEndpoint } from '@cutroom/media/uploads/upload.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(replaceFileEndpoint);
