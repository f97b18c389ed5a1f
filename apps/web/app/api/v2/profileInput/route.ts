import { profileInputEndpoint } from '@cutroom/core/profiles/profile-input.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(profileInputEndpoint);
