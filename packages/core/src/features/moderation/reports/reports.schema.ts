import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { REPORT_TARGETS } from '../../../platform/db/schema';

/** The reasons a member picks from, by key; the key is stored, the label shown. */
export const REPORT_REASONS = {
  minor: 'Shows someone under 18',
  'non-consensual': 'Non-consensual or private content',
  copyright: 'Copyright infringement',
  harassment: 'Harassment or hate',
  spam: 'Spam or scam',
  'wrong-labels': 'Wrong category or labels',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const MAX_REPORT_DETAILS_LENGTH = 1000;

/** Video, comment and message ids are short random strings; usernames fit the same shape. */
export const TargetId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is at most 64 characters long')
  .regex(/^[A-Za-z0-9_.-]+$/, 'is not an id');

export const ReportInput = z.object({
  /** What is reported: a video, a comment or a member. */
  targetKind: z.enum(REPORT_TARGETS),
  /** The video's or comment's id, or the member's username. */
  targetId: TargetId,
  reason: z.enum(REPORT_REASON_KEYS),
  details: z
    .string()
    .transform((value) => cleanText(value))
    .pipe(
      z
        .string()
        .max(MAX_REPORT_DETAILS_LENGTH, `is at most ${MAX_REPORT_DETAILS_LENGTH} characters long`),
    )
    .optional(),
});
export type ReportInput = z.output<typeof ReportInput>;
