import { z } from 'zod';
import { USERNAME_MESSAGES } from './messages';

export { USERNAME_MESSAGES };

export const USERNAME_TAKEN_MESSAGE = 'This username is already in use';

/** Names that are paths of the site under /profile/, so no account may hold them. */
export const RESERVED_USERNAMES = new Set(['settings']);

/** A username: 3 to 24 letters, digits, `_`, `.` or `-`, starting with a letter or digit. */
export const Username = z
  .string({ error: USERNAME_MESSAGES.required })
  .trim()
  .min(3, USERNAME_MESSAGES.tooShort)
  .max(24, USERNAME_MESSAGES.tooLong)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, USERNAME_MESSAGES.shape)
  .refine((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), USERNAME_MESSAGES.reserved);

export const CheckUsernameInput = z.object({ username: Username });
export type CheckUsernameInput = z.infer<typeof CheckUsernameInput>;
