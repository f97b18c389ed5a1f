import { accountEndpoint } from '@cutroom/core/features/accounts/my-account/my-account.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(accountEndpoint);
