import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';

export const MAX_SUBJECT_LENGTH = 150;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_TICKET_LENGTH = 40;

const text = (max: number, singleLine = false) =>
  z
    .string()
    .transform((value) => cleanText(value, { singleLine }))
    .pipe(z.string().max(max, `at most ${max} characters`));

/**
 * `/api/messages/send` (docs/people.md). The three fields are optional here so that leaving one out
 * answers 'Missing fields' (docs/messages.md) from the service, after the sign-in check.
 */
export const SendMessageInput = z.object({
  /** The recipient's username. */
  recipient: text(64, true).optional(),
  subject: text(MAX_SUBJECT_LENGTH, true).optional(),
  message: text(MAX_MESSAGE_LENGTH).optional(),
  /** A support-ticket reference, e.g. "T-1042". */
  ticket: z
    .string()
    .trim()
    .max(MAX_TICKET_LENGTH, `at most ${MAX_TICKET_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - or _ only')
    .nullish(),
});
export type SendMessageInput = z.output<typeof SendMessageInput>;

export const INBOX_BOXES = ['received', 'sent'] as const;
export type InboxBox = (typeof INBOX_BOXES)[number];

/** Message ids are short random strings; anything else cannot name one. */
export const MessageId = z
  .string()
  .trim()
  .min(1, 'required')
  .max(32, 'not a message id')
  .regex(/^[A-Za-z0-9_-]+$/, 'not a message id');
