import { z } from 'zod';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import {
  LABEL_CHANGE_ACTIONS,
  LABEL_KINDS,
  TAGGER_APPLICATION_STATES,
} from '../../../platform/db/schema';
import { notificationSinkOf } from '../../people/notifications';
import {
  applyForTagging,
  decideApplication,
  listApplications,
  loadMyApplication,
  type ApplicationsContext,
} from './applications.service';
import { loadContributeFigures } from './contribute.service';
import {
  changeLabel,
  countMyChanges,
  flagLabels,
  listLabelChanges,
  listTaggerQueue,
  QUEUE_REASONS,
  revertLabelChange,
  settleDispute,
} from './tagger.service';
import {
  ApplicationsInput,
  ApplyInput,
  ChangesInput,
  DecideInput,
  EmptyInput,
  FlagInput,
  LabelChangeInput,
  RevertInput,
  VideoRef,
} from './tagging.schema';

const applicationsContextOf = (context: RequestContext): ApplicationsContext => ({
  ...context,
  sink: notificationSinkOf(context),
});

const State = z.enum(TAGGER_APPLICATION_STATES);
const Labels = z.object(
  Object.fromEntries(LABEL_KINDS.map((kind) => [kind, z.array(z.string())])) as Record<
    (typeof LABEL_KINDS)[number],
    z.ZodArray<z.ZodString>
  >,
);

const ApplicationAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  motivation: z.string(),
  sampleTags: z.string(),
  state: State,
  decisionReason: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

const StateAnswer = z.object({ id: z.number().int(), state: State });
const LabelsAnswer = z.object({ changeId: z.number().int(), labels: Labels });

/**
 * `/api/tagging`: the tagging programme. Members apply; staff answer applications, read the
 * label change log and revert changes; taggers work the queue one label at a time.
 */
export const taggingEndpoint = defineModeEndpoint({
  path: '/api/tagging',
  summary:
    'The tagging programme: apply to tag, the tagger queue and label changes, staff decisions and reverts, and the figures of /contribute.',
  modes: {
    Figures: {
      right: 'view',
      summary:
        'The live figures of /contribute (counted at most once a minute): videos needing labels, disputed videos, taggers, label changes in the last seven days, open reports, supporters. Counts stop at 10,001.',
      input: EmptyInput,
      output: z.object({
        videosNeedingLabels: z.number().int(),
        disputedVideos: z.number().int(),
        taggers: z.number().int(),
        labelChangesThisWeek: z.number().int(),
        openReports: z.number().int(),
        supporters: z.number().int(),
      }),
      handle: async (_input, context) => ({
        body: { ...(await loadContributeFigures(context, context.listings)) },
      }),
    },
    Apply: {
      right: 'participate',
      summary:
        'Apply to become a tagger: `motivation` (30 to 2000 characters) and `sampleTags` (10 to 1000: the labels you would give a video, its address included). One application waits at a time; staff accept or decline it and you are told.',
      input: ApplyInput,
      output: StateAnswer,
      handle: async (input, context) => ({
        status: 201,
        body: await applyForTagging(applicationsContextOf(context), input),
      }),
    },
    MyApplication: {
      right: 'participate',
      summary: 'Your latest application (null when none) and whether you tag already.',
      input: EmptyInput,
      output: z.object({ isTagger: z.boolean(), application: ApplicationAnswer.nullable() }),
      handle: async (_input, context) => ({
        body: await loadMyApplication(context),
      }),
    },
    Applications: {
      right: 'moderate',
      summary:
        "Staff: the applications in one `state` (open by default; the oldest waiting first), 20 a page, with each state's count.",
      input: ApplicationsInput,
      output: z.object({
        data: z.array(ApplicationAnswer),
        count: z.number().int(),
        index: z.number().int(),
        hasMore: z.boolean(),
        state: State,
        counts: z.object({ open: z.number(), accepted: z.number(), declined: z.number() }),
      }),
      handle: async (input, context) => ({
        body: await listApplications(context, input),
      }),
    },
    Decide: {
      right: 'moderate',
      summary:
        'Staff: accept or decline (`decision`) the open application `id`, with a `reason` (needed to decline; at most 500 characters). Accepting gives the tagger role (logged as a role change); the applicant is told.',
      input: DecideInput,
      output: StateAnswer,
      handle: async (input, context) => ({
        body: await decideApplication(applicationsContextOf(context), input),
      }),
    },
    Queue: {
      right: 'tag',
      summary:
        'The tagger queue: up to 30 published videos whose labels are disputed, reported as wrong, or fewer than three, with their labels and why each waits; and your own change counts.',
      input: EmptyInput,
      output: z.object({
        data: z.array(
          z.object({
            id: z.string(),
            slug: z.string(),
            title: z.string(),
            category: z.string(),
            posterKey: z.string().nullable(),
            reason: z.enum(QUEUE_REASONS),
            detail: z.string(),
            labels: Labels,
          }),
        ),
        mine: z.object({
          total: z.number().int(),
          week: z.number().int(),
          reverted: z.number().int(),
        }),
      }),
      handle: async (_input, context) => {
        const [data, mine] = await Promise.all([listTaggerQueue(context), countMyChanges(context)]);
        return { body: { data, mine } };
      },
    },
    AddLabel: {
      right: 'tag',
      summary:
        'Add one label (`kind`: tag, music, star or creator; `name`, at most 60 characters) to the published video `videoId`; logged, revertible by staff.',
      input: LabelChangeInput,
      output: LabelsAnswer,
      handle: async (input, context) => ({
        body: await changeLabel(context, input, 'added'),
      }),
    },
    RemoveLabel: {
      right: 'tag',
      summary:
        'Remove one label (`kind`, `name`, any case) from the published video `videoId`; logged, revertible by staff.',
      input: LabelChangeInput,
      output: LabelsAnswer,
      handle: async (input, context) => ({
        body: await changeLabel(context, input, 'removed'),
      }),
    },
    Flag: {
      right: 'tag',
      summary:
        "Flag the labels of `videoId` as disputed, saying why (`reason`, at most 300 characters): the video joins the queue's disputed part.",
      input: FlagInput,
      output: z.object({ videoId: z.string(), disputed: z.literal(true) }),
      handle: async (input, context) => ({
        body: await flagLabels(context, input),
      }),
    },
    Settle: {
      right: 'tag',
      summary: 'Settle the open dispute of `videoId`: its labels are right now.',
      input: VideoRef,
      output: z.object({ videoId: z.string(), disputed: z.literal(false) }),
      handle: async ({ videoId }, context) => ({
        body: await settleDispute(context, videoId),
      }),
    },
    Changes: {
      right: 'moderate',
      summary:
        'Staff: the label change log, newest first, 30 a page, optionally of one `tagger` (username) or one `videoId`.',
      input: ChangesInput,
      output: z.object({
        data: z.array(
          z.object({
            id: z.number().int(),
            videoId: z.string(),
            videoTitle: z.string(),
            videoSlug: z.string(),
            tagger: z.string(),
            kind: z.enum(LABEL_KINDS),
            name: z.string(),
            action: z.enum(LABEL_CHANGE_ACTIONS),
            createdAt: z.string(),
            revertedBy: z.string().nullable(),
            revertedAt: z.string().nullable(),
          }),
        ),
        count: z.number().int(),
        index: z.number().int(),
        hasMore: z.boolean(),
      }),
      handle: async (input, context) => ({
        body: await listLabelChanges(context, input),
      }),
    },
    Revert: {
      right: 'moderate',
      summary:
        'Staff: undo the label change `id` (an added label goes, a removed one comes back), with an optional `reason`; logged in the staff log.',
      input: RevertInput,
      output: z.object({ id: z.number().int(), labels: Labels }),
      handle: async (input, context) => ({
        body: await revertLabelChange(context, input),
      }),
    },
  },
});
