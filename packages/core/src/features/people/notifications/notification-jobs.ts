import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-definitions';

/** Sends the notification e-mails due at once (a sweep: one job sends every one waiting). */
export const notificationMailJob = defineJob({
  name: 'notification.mail',
  schema: z.object({}),
  settings: { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 300, heartbeatSeconds: 0 },
});

/** Sends each member their daily digest of the notifications they chose to get that way. */
export const notificationDigestJob = defineJob({
  name: 'notification.digest',
  schema: z.object({}),
  settings: { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 1800, heartbeatSeconds: 0 },
});
