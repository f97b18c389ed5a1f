import { privacyEndpoint } from '@cutroom/core/features/accounts/privacy/privacy.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(privacyEndpoint);
