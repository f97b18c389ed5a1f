import { memberPartsEndpoint } from '@cutroom/core/features/site/member-parts/member-parts.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(memberPartsEndpoint);
