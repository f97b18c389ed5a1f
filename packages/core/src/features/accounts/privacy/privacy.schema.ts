import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { MESSAGE_PRIVACY } from '../../../platform/db/schema';

/** A member named by username, as the profile and settings pages send it. */
export const MemberInput = z.object({
  username: z
    .string()
    .transform((value) => cleanText(value, { singleLine: true }))
    .pipe(z.string().min(1, 'required').max(64, 'at most 64 characters')),
});
export type MemberInput = z.output<typeof MemberInput>;

export const MessagePrivacyInput = z.object({
  /** Who may send the member private messages: everyone, or friends only. */
  messagesFrom: z.enum(MESSAGE_PRIVACY, 'must be "everyone" or "friends"'),
});
export type MessagePrivacyInput = z.output<typeof MessagePrivacyInput>;

export const PageInput = z.object({
  index: z.number().int().min(0).max(10_000).optional(),
});
