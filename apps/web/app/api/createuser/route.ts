import { createUserEndpoint } from '@cutroom/core/features/accounts/auth/accounts.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(createUserEndpoint);
