import { privacyEndpoint } from '@cutroom/core/features/accounts/privacy/privacy.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(privacyEndpoint);
