import { z } from 'zod';
import { cleanText } from '../../../kernel/clean-text';
import { COMMENT_HELD_REASONS } from '../../../platform/db/schema';

/** The longest comment, in characters (after line ends and control characters are cleaned). */
export const MAX_COMMENT_LENGTH = 2000;
/** The longest reason staff may give for deleting a comment. */
export const MAX_DELETE_REASON_LENGTH = 300;
export const MAX_COMMENT_PAGE_INDEX = 999;

export const COMMENT_ORDERS = ['newest', 'top'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/** Comment and video ids are short random strings; anything else cannot name one. */
const Id = (what: string) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(32, `not a ${what} id`)
    .regex(/^[A-Za-z0-9_-]+$/, `not a ${what} id`);

export const CommentId = Id('comment');
export const VideoId = Id('video');

/** A comment's text: plain text, cleaned, neither empty nor longer than the limit. */
export const CommentText = z
  .string('a comment must be text')
  .transform((value) => cleanText(value))
  .pipe(
    z
      .string()
      .min(1, 'write something first: a comment cannot be empty')
      .max(MAX_COMMENT_LENGTH, `a comment may be at most ${MAX_COMMENT_LENGTH} characters long`),
  );

const PageIndex = z.number().int().min(0).max(MAX_COMMENT_PAGE_INDEX).default(0);

export const ListCommentsInput = z.object({
  videoId: VideoId,
  order: z.enum(COMMENT_ORDERS, 'must be "newest" or "top"').default('newest'),
  index: PageIndex,
});
export type ListCommentsInput = z.output<typeof ListCommentsInput>;

export const ListRepliesInput = z.object({ commentId: CommentId, index: PageIndex });
export type ListRepliesInput = z.output<typeof ListRepliesInput>;

export const CreateCommentInput = z.object({
  videoId: VideoId,
  text: CommentText,
  /** The comment answered; a reply to a reply answers its top-level comment. */
  parentId: CommentId.optional(),
});
export type CreateCommentInput = z.output<typeof CreateCommentInput>;

export const EditCommentInput = z.object({ commentId: CommentId, text: CommentText });
export type EditCommentInput = z.output<typeof EditCommentInput>;

export const DeleteCommentInput = z.object({
  commentId: CommentId,
  /** Why (staff): shown in the moderation area. */
  reason: z
    .string()
    .transform((value) => cleanText(value, { singleLine: true }))
    .pipe(
      z.string().max(MAX_DELETE_REASON_LENGTH, `at most ${MAX_DELETE_REASON_LENGTH} characters`),
    )
    .optional(),
});
export type DeleteCommentInput = z.output<typeof DeleteCommentInput>;

export const STAFF_COMMENT_FILTERS = ['held', 'published', 'deleted'] as const;
export type StaffCommentFilter = (typeof STAFF_COMMENT_FILTERS)[number];

export const StaffCommentsInput = z.object({
  status: z.enum(STAFF_COMMENT_FILTERS, 'must be "held", "published" or "deleted"').default('held'),
  /** Held ones only: why they wait. */
  reason: z.enum(COMMENT_HELD_REASONS, 'must be "watched_word" or "new_account"').optional(),
  index: PageIndex,
});
export type StaffCommentsInput = z.output<typeof StaffCommentsInput>;

export const ApproveCommentInput = z.object({ commentId: CommentId });
