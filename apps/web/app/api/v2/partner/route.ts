import { partnerEndpoint } from '@cutroom/core/features/money/partner/partner.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(partnerEndpoint);
