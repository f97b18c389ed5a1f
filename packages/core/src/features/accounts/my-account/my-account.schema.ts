import { z } from 'zod';
import { RIGHTS } from '../../../access/rights';
import { MAX_PASSWORD_LENGTH } from '../auth';
import { ROLES } from '../../../platform/db/schema';

/** What happens to a deleted member's published videos. */
export const VIDEO_CHOICES = ['delete', 'keep'] as const;

export const DeleteAccountInput = z.object({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(MAX_PASSWORD_LENGTH),
  /** The member's username, typed out. */
  confirmation: z.string({ error: 'Type your username to confirm' }).trim().max(100),
  videos: z.enum(VIDEO_CHOICES, { error: 'Choose what happens to your videos' }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

export const SessionRef = z.object({
  id: z.string({ error: 'names a session' }).min(1).max(64),
});

export const SessionAnswer = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent ("Chrome on Linux"). */
  device: z.string(),
  /** The address it signed in from, partly hidden. */
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;

export const AccountExportAnswer = z.object({
  fileName: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const AccessAnswer = z.object({
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  rights: z.array(z.enum(RIGHTS)),
  isStaff: z.boolean(),
  isAdmin: z.boolean(),
});
