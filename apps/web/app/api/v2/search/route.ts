import { searchV2Endpoint } from '@cutroom/core/features/discovery/search/search.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(searchV2Endpoint);
