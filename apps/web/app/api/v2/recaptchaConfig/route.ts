import { recaptchaConfigEndpoint } from '@cutroom/core/accounts/accounts.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(recaptchaConfigEndpoint);
