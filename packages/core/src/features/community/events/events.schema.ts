import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { MAX_PAGE_INDEX } from '../../discovery/browse';
import { CATEGORIES } from '../../../platform/db/schema';
import { EVENT_SECTIONS } from './event-labels';

export const MAX_EVENT_TITLE_LENGTH = 120;
export const MAX_EVENT_SUMMARY_LENGTH = 300;
export const MAX_EVENT_RULES_LENGTH = 10_000;
export const MAX_EVENT_SLUG_LENGTH = 64;
export const MAX_ENTRIES_PER_MEMBER = 20;

const text = (max: number, { singleLine = false, required = true } = {}) =>
  z
    .string({ error: 'is required' })
    .max(max * 2, `is at most ${max} characters long`)
    .transform((value) => cleanText(value, { singleLine }))
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, 'is required')
        .max(max, `is at most ${max} characters long`),
    );

export const EventSlug = z
  .string({ error: 'is required' })
  .min(2, 'is at least 2 characters long')
  .max(MAX_EVENT_SLUG_LENGTH, `is at most ${MAX_EVENT_SLUG_LENGTH} characters long`)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'is lower-case letters, digits and dashes');

export const EventId = z
  .number({ error: 'is an event number' })
  .int('is an event number')
  .min(1, 'is an event number')
  .max(2_147_483_647, 'is an event number');

export const EntryId = z
  .number({ error: 'is an entry number' })
  .int('is an entry number')
  .min(1, 'is an entry number')
  .max(2_147_483_647, 'is an entry number');

const Moment = z
  .string({ error: 'is a date and time' })
  .max(40, 'is a date and time')
  .pipe(z.iso.datetime({ offset: true, error: 'is a date and time (ISO 8601 with a zone)' }))
  .transform((value) => new Date(value));

const EventFields = z.object({
  slug: EventSlug,
  title: text(MAX_EVENT_TITLE_LENGTH, { singleLine: true }),
  summary: text(MAX_EVENT_SUMMARY_LENGTH, { singleLine: true, required: false }).default(''),
  rules: text(MAX_EVENT_RULES_LENGTH, { required: false }).default(''),
  category: z
    .enum(CATEGORIES, { error: `is one of ${CATEGORIES.join(', ')}` })
    .nullable()
    .default(null),
  maxEntriesPerMember: z
    .number({ error: 'is a number' })
    .int('is a whole number')
    .min(1, 'is at least 1')
    .max(MAX_ENTRIES_PER_MEMBER, `is at most ${MAX_ENTRIES_PER_MEMBER}`)
    .default(1),
  entriesOpenAt: Moment,
  entriesCloseAt: Moment,
  votingOpenAt: Moment,
  votingCloseAt: Moment,
});

/** The windows in order: each opens before it closes, and voting ends no sooner than entries. */
const checkWindows = (
  event: Pick<
    z.output<typeof EventFields>,
    'entriesOpenAt' | 'entriesCloseAt' | 'votingOpenAt' | 'votingCloseAt'
  >,
  context: z.RefinementCtx,
) => {
  if (event.entriesCloseAt <= event.entriesOpenAt) {
    context.addIssue({
      code: 'custom',
      path: ['entriesCloseAt'],
      message: 'is after entriesOpenAt',
    });
  }
  if (event.votingCloseAt <= event.votingOpenAt) {
    context.addIssue({ code: 'custom', path: ['votingCloseAt'], message: 'is after votingOpenAt' });
  }
  if (event.votingCloseAt < event.entriesCloseAt) {
    context.addIssue({
      code: 'custom',
      path: ['votingCloseAt'],
      message: 'is not before entriesCloseAt',
    });
  }
};

export const CreateEventInput = EventFields.superRefine(checkWindows);
export type CreateEventInput = z.output<typeof CreateEventInput>;

export const UpdateEventInput = EventFields.extend({ id: EventId }).superRefine(checkWindows);
export type UpdateEventInput = z.output<typeof UpdateEventInput>;

export const EventRef = z.object({ slug: EventSlug });
export const EventIdRef = z.object({ id: EventId });

export const EventListInput = z.object({
  section: z
    .enum(EVENT_SECTIONS, { error: `is one of ${EVENT_SECTIONS.join(', ')}` })
    .default('current'),
  index: z
    .number({ error: 'is a page index' })
    .int('is a page index')
    .min(0, 'is a page index')
    .max(MAX_PAGE_INDEX, `is at most ${MAX_PAGE_INDEX}`)
    .default(0),
});

export const EnterInput = z.object({
  slug: EventSlug,
  videoId: z.string({ error: 'is required' }).min(1, 'is required').max(64, 'is a video id'),
});

export const VoteInput = z.object({ slug: EventSlug, entryId: EntryId });
export const EntryRef = z.object({ entryId: EntryId });
