import { z } from 'zod';

export const USERNAME_TAKEN_MESSAGE = 'This username is already in use';

/** Names that are paths of the site under /profile/, so no account may hold them. */
export const RESERVED_USERNAMES = new Set(['settings']);

/** What a refused username is told. */
export const USERNAME_MESSAGES = {
  required: 'A username is required',
  tooShort: 'Usernames are at least 3 characters long',
  tooLong: 'Usernames are at most 24 characters long',
  shape: 'Usernames use letters, digits, _ . and - and start with a letter or digit',
  reserved: 'This username is reserved',
} as const;

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
