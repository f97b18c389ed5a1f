import { z } from 'zod';
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from './notification-kinds';

/** Notification ids are short random strings; anything else cannot name one. */
export const NotificationId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(32, 'is not a notification id')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a notification id');

export const NotificationKindInput = z.enum(NOTIFICATION_KINDS, {
  error: `is one of ${NOTIFICATION_KINDS.join(', ')}`,
});

export const NotificationEmailInput = z.enum(NOTIFICATION_EMAIL_MODES, {
  error: `is one of ${NOTIFICATION_EMAIL_MODES.join(', ')}`,
});

/** An unsubscribe token from a notification e-mail. */
export const UnsubscribeToken = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is not an unsubscribe link')
  .regex(/^[A-Za-z0-9_.-]+$/, 'is not an unsubscribe link');
