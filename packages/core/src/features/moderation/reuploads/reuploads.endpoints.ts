import { z } from 'zod';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import { cleanText } from '../../../kernel/clean-text';
import { MAX_REASON_LENGTH, VideoId, VideoTargetWithReason } from '../staff';
import { moderationContextOf } from '../staff-actions';
import { notificationSinkOf } from '../../people/notifications';
import {
  decideReuploadHold,
  disputeReuploadHold,
  listHeldReuploads,
  loadReuploadHold,
  MAX_DISPUTE_LENGTH,
  type HoldDecision,
} from './holds.service';

const DisputeInput = z.object({
  _id: VideoId,
  text: z
    .string({ error: 'is required' })
    .transform((value) => cleanText(value))
    .pipe(
      z
        .string()
        .min(1, 'is required')
        .max(MAX_DISPUTE_LENGTH, `is at most ${MAX_DISPUTE_LENGTH} characters long`),
    ),
});

const Side = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  owner: z.string(),
  status: z.string(),
  masterPlaylistKey: z.string().nullable(),
  posterKey: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
const HoldAnswer = z.object({
  video: Side,
  matched: Side.nullable(),
  isMatchPrivate: z.boolean(),
  matchedVideos: z.array(Side),
  lineage: z.array(
    z.object({
      video: Side,
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  decidedBy: z.string().nullable(),
  matches: z.array(
    z.object({
      videoId: z.string(),
      queryStart: z.number(),
      queryEnd: z.number(),
      matchStart: z.number(),
      matchEnd: z.number(),
      mirrored: z.boolean(),
      matchedFrames: z.number(),
    }),
  ),
  state: z.enum(['held', 'released', 'rejected']),
  dispute: z.string().nullable(),
  disputedAt: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});

const decide =
  (decision: HoldDecision) =>
  async ({ _id, reason }: z.infer<typeof VideoTargetWithReason>, context: RequestContext) => ({
    body: await decideReuploadHold(
      { ...moderationContextOf(context), sink: notificationSinkOf(context) },
      _id,
      decision,
      reason ?? '',
    ),
  });

/**
 * `/api/v2/reuploads` (docs/reuploads.md): uploads held because they match another member's
 * video. Their uploader disputes; staff list them and decide.
 */
export const reuploadsEndpoint = defineModeEndpoint({
  path: '/api/v2/reuploads',
  summary:
    "Uploads held as re-uploads of another member's video: the uploader's dispute, staff's decision.",
  modes: {
    Dispute: {
      right: 'upload',
      summary: `Dispute the hold on your video (\`_id\`): \`text\`, at most ${MAX_DISPUTE_LENGTH} characters, shown to staff beside the two videos.`,
      input: DisputeInput,
      output: z.object({ ok: z.literal(true) }),
      async handle({ _id, text }, context) {
        await disputeReuploadHold(context, _id, text);
        return { body: { ok: true as const } };
      },
    },
    Load: {
      right: 'participate',
      summary:
        "The hold of one video (`_id`), held now or decided, with staff's decision: for its uploader, the owners of the videos it matches and staff; `null` for a video never held and for anyone else alike. A matched video the reader may not open is named by nothing (id '').",
      input: z.object({ _id: VideoId }),
      output: z.object({ hold: HoldAnswer.nullable() }),
      async handle({ _id }, context) {
        return { body: { hold: await loadReuploadHold(context, _id) } };
      },
    },
    LoadHeld: {
      right: 'moderate',
      summary:
        'The held uploads, oldest first, 10 a page (`index`), each with the matched video and stretches.',
      input: z.object({ index: z.number().int().min(0).max(10_000).default(0) }),
      output: z.object({
        data: z.array(HoldAnswer),
        count: z.number(),
        index: z.number(),
        pageSize: z.number(),
      }),
      async handle({ index }, context) {
        return { body: await listHeldReuploads(context, index) };
      },
    },
    Release: {
      right: 'moderate',
      summary: `Publish a held upload (\`_id\`, optional \`reason\`, at most ${MAX_REASON_LENGTH} characters): not a copy. Its uploader is told.`,
      input: VideoTargetWithReason,
      output: z.object({ status: z.string() }),
      handle: decide('release'),
    },
    Reject: {
      right: 'moderate',
      summary: `Refuse a held upload (\`_id\`, optional \`reason\`): a copy; it is unpublished by staff. Its uploader is told.`,
      input: VideoTargetWithReason,
      output: z.object({ status: z.string() }),
      handle: decide('reject'),
    },
  },
});
