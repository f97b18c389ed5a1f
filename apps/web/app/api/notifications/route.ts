import { notificationsEndpoint } from '@cutroom/core/features/people/notifications/notifications.endpoints';
import { createPostHandler } from '@/lib/server/api-route';

export const POST = createPostHandler(notificationsEndpoint);
