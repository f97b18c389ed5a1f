import { supportEndpoint } from '@cutroom/core/supporter/supporter.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(supportEndpoint);
