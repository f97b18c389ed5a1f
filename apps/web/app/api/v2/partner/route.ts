import { partnerEndpoint } from '@cutroom/core/partner/partner.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(partnerEndpoint);
