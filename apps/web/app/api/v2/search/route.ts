import { searchV2Endpoint } from '@cutroom/core/search/search.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(searchV2Endpoint);
