import { z } from 'zod';

export const USERNAME_TAKEN_MESSAGE = 'This username is already in use';

/** Names that are paths of the site under /profile/, so no account may hold them. */
export const RESERVED_USERNAMES = new Set(['settings']);

/** A username: 3 to 24 letters, digits, `_`, `.` or `-`, starting with a letter or digit. */
export const Username = z
  .string({ error: 'username is required' })
  .trim()
  .min(3, 'Usernames are at least 3 characters long')
  .max(24, 'Usernames are at most 24 characters long')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'Usernames use letters, digits, _ . and - and start with a letter or digit',
  )
  .refine((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), 'This username is reserved');

export const CheckUsernameInput = z.object({ username: Username });
export type CheckUsernameInput = z.infer<typeof CheckUsernameInput>;
