import { memberPartsEndpoint } from '@cutroom/core/features/site/member-parts/member-parts.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(memberPartsEndpoint);
