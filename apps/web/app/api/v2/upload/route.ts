import { publishUploadEndpoint } from '@cutroom/media/uploads/upload.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(publishUploadEndpoint);
