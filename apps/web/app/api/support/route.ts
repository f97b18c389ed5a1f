import { supportEndpoint } from '@cutroom/core/features/money/supporter/supporter.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(supportEndpoint);
