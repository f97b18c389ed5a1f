import { reuploadsEndpoint } from '@cutroom/core/reuploads/reuploads.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(reuploadsEndpoint);
