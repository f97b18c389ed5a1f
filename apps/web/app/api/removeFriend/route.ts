import { removeFriendEndpoint } from '@cutroom/core/features/people/profiles/profile-input.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(removeFriendEndpoint);
