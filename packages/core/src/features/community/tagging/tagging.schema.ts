import { z } from 'zod';
import { LABEL_KINDS, TAGGER_APPLICATION_STATES } from '../../../platform/db/schema';
import {
  DECISION_REASON_MAX,
  FLAG_REASON_MAX,
  LABEL_NAME_MAX,
  MOTIVATION_MAX,
  MOTIVATION_MIN,
  SAMPLE_TAGS_MAX,
  SAMPLE_TAGS_MIN,
} from './tagging-limits';

const PageIndex = z
  .number({ error: 'index is a number' })
  .int('index is a whole number')
  .min(0, 'index is at least 0')
  .max(10_000, 'index is at most 10000')
  .default(0);

const VideoId = z
  .string({ error: 'videoId is required' })
  .trim()
  .min(1, 'videoId is required')
  .max(40, 'videoId is at most 40 characters');

export const ApplyInput = z
  .object({
    motivation: z
      .string({ error: 'Say why you want to tag' })
      .trim()
      .min(MOTIVATION_MIN, `Write at least ${MOTIVATION_MIN} characters on why you want to tag`)
      .max(MOTIVATION_MAX, `Keep it to ${MOTIVATION_MAX} characters`),
    sampleTags: z
      .string({ error: 'Give sample labels for a video' })
      .trim()
      .min(SAMPLE_TAGS_MIN, `Write at least ${SAMPLE_TAGS_MIN} characters of sample labels`)
      .max(SAMPLE_TAGS_MAX, `Keep the sample labels to ${SAMPLE_TAGS_MAX} characters`),
  })
  .strict();
export type ApplyInput = z.output<typeof ApplyInput>;

/** An application's or a label change's id. */
const RowId = z
  .number({ error: 'id is a number' })
  .int('id is a whole number')
  .min(1, 'id is at least 1');

/** Staff's reason for a decision or a revert (told to the member, kept in the staff log). */
const StaffReason = z
  .string({ error: 'reason is text' })
  .trim()
  .max(DECISION_REASON_MAX, `reason is at most ${DECISION_REASON_MAX} characters long`)
  .default('');

export const EmptyInput = z.object({}).strict();

export const ApplicationsInput = z
  .object({
    state: z
      .enum(TAGGER_APPLICATION_STATES, { error: 'state is open, accepted or declined' })
      .default('open'),
    index: PageIndex,
  })
  .strict();
export type ApplicationsInput = z.output<typeof ApplicationsInput>;

export const DecideInput = z
  .object({
    id: RowId,
    decision: z.enum(['accept', 'decline'], { error: 'decision is accept or decline' }),
    reason: StaffReason,
  })
  .strict();
export type DecideInput = z.output<typeof DecideInput>;

export const LabelChangeInput = z
  .object({
    videoId: VideoId,
    kind: z.enum(LABEL_KINDS, { error: 'kind is tag, music, star or creator' }),
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(LABEL_NAME_MAX, `name is at most ${LABEL_NAME_MAX} characters long`),
  })
  .strict();
export type LabelChangeInput = z.output<typeof LabelChangeInput>;

export const FlagInput = z
  .object({
    videoId: VideoId,
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(1, 'Say what is wrong with the labels')
      .max(FLAG_REASON_MAX, `reason is at most ${FLAG_REASON_MAX} characters long`),
  })
  .strict();
export type FlagInput = z.output<typeof FlagInput>;

export const VideoRef = z.object({ videoId: VideoId }).strict();

export const ChangesInput = z
  .object({
    tagger: z.string().trim().max(40, 'tagger is at most 40 characters').default(''),
    videoId: z.string().trim().max(40, 'videoId is at most 40 characters').default(''),
    index: PageIndex,
  })
  .strict();
export type ChangesInput = z.output<typeof ChangesInput>;

export const RevertInput = z
  .object({
    id: RowId,
    reason: StaffReason,
  })
  .strict();
export type RevertInput = z.output<typeof RevertInput>;
