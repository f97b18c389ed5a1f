import { partnerEndpoint } from '@cutroom/core/features/money/partner/partner.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(partnerEndpoint);
