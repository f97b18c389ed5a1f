import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { REPORT_TARGETS, VIDEO_STATUSES } from '../../../platform/db/schema';
import { TargetId } from '../reports';
import { GRANTABLE_ROLES } from './members.service';
import { STAFF_ACTION_KINDS } from '../staff-actions';

export const MAX_REASON_LENGTH = 500;

/** A reason staff give (told to the member, kept in the log). */
const optionalReason = z
  .string()
  .transform((value) => cleanText(value))
  .pipe(z.string().max(MAX_REASON_LENGTH, `is at most ${MAX_REASON_LENGTH} characters long`));
const requiredReason = optionalReason.pipe(z.string().min(1, 'is required'));

export const VideoId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(32, 'is not a video id')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a video id');

export const MemberId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is not a member id')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a member id');

const pageIndex = z.number().int().min(0).max(10_000).default(0);

export const PageInput = z.object({ index: pageIndex });
export const VideoTarget = z.object({ _id: VideoId });
export const VideoTargetWithReason = z.object({ _id: VideoId, reason: optionalReason.optional() });
export const UnpublishInput = z.object({ _id: VideoId, reason: requiredReason });
export const ResolveReportsInput = z.object({
  targetKind: z.enum(REPORT_TARGETS),
  targetId: TargetId,
  outcome: z.enum(['approved', 'actioned']),
});
export const CommentTarget = z.object({ commentId: TargetId });
export const DeleteCommentAsStaffInput = z.object({
  commentId: TargetId,
  reason: optionalReason.pipe(z.string().max(300, 'is at most 300 characters long')).optional(),
});
export const DisableMemberInput = z.object({ userId: MemberId, reason: requiredReason });
export const EnableMemberInput = z.object({ userId: MemberId, reason: optionalReason.optional() });
export const SetRolesInput = z.object({
  userId: MemberId,
  roles: z.array(z.enum(GRANTABLE_ROLES)).max(GRANTABLE_ROLES.length),
});
export const SetSupporterInput = z.object({ userId: MemberId, isSupporter: z.boolean() });
export const StaffLogInput = z.object({
  actor: z.string().trim().max(64, 'is at most 64 characters long').optional(),
  action: z.enum(STAFF_ACTION_KINDS).optional(),
  target: z.string().trim().max(200, 'is at most 200 characters long').optional(),
  from: z.iso.date('is a date (YYYY-MM-DD)').optional(),
  to: z.iso.date('is a date (YYYY-MM-DD)').optional(),
  index: pageIndex,
});

// --- Answers ---

const count = z.number().int().min(0);

export const ModerationVideoAnswer = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(VIDEO_STATUSES),
  uploader: z.string(),
  posterKey: z.string().nullable(),
  masterPlaylistKey: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  aspectRatio: z.number().nullable(),
  isReported: z.boolean(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});

export const QueueReportAnswer = z.object({
  id: z.string(),
  reason: z.string(),
  reasonLabel: z.string(),
  details: z.string(),
  reporter: z.string(),
  createdAt: z.string(),
});

export const ReportedVideoAnswer = ModerationVideoAnswer.extend({
  reports: z.array(QueueReportAnswer),
});

export const UnpublishedVideoAnswer = ModerationVideoAnswer.extend({
  reason: z.string(),
  unpublishedBy: z.string().nullable(),
  unpublishedAt: z.string().nullable(),
});

export const PageFields = { count, index: count, hasMore: z.boolean() };

/** The video an action left, or `{ _id, status: 'deleted' }` for a deleted one. */
export const ActedVideoAnswer = z.object({
  _id: z.string(),
  status: z.union([z.enum(VIDEO_STATUSES), z.literal('deleted')]),
  isReported: z.boolean().optional(),
  title: z.string().optional(),
});

export const MemberAnswer = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  isSupporter: z.boolean(),
  disabled: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  videoCount: count,
});

export const StaffActionAnswer = z.object({
  id: z.number().int(),
  actorUsername: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
