import { notificationsEndpoint } from '@cutroom/core/notifications/notifications.endpoints';
import { createPostHandler } from '@/lib/api-route';

export const POST = createPostHandler(notificationsEndpoint);
