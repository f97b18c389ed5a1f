import { initNewUserEndpoint } from '@cutroom/core/features/accounts/auth/accounts.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(initNewUserEndpoint);
