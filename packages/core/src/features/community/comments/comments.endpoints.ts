import { z } from 'zod';
import { PagePosition, PersonAnswer } from '../../discovery/browse';
import { defineModeEndpoint, type RequestContext } from '../../../kernel/endpoint';
import { announceLiveChat } from '../../videos/live';
import { COMMENT_HELD_REASONS, COMMENT_STATUSES } from '../../../platform/db/schema';
import { pagePosition } from '../../people/social';
import {
  ApproveCommentInput,
  COMMENT_ORDERS,
  CreateCommentInput,
  DeleteCommentInput,
  EditCommentInput,
  ListCommentsInput,
  ListRepliesInput,
  MAX_COMMENT_LENGTH,
  STAFF_COMMENT_FILTERS,
  StaffCommentsInput,
} from './comments.schema';
import {
  approveHeldComment,
  deleteCommentAsStaff,
  isStaffDeletion,
} from './comment-moderation.service';
import { moderationContextOf } from '../../moderation/staff-actions';
import {
  COMMENT_MESSAGES,
  commentSettingsOf,
  createComment,
  deleteComment,
  editComment,
  listComments,
  listCommentsForStaff,
  listReplies,
} from './comments.service';

/** A change to comments, committed: a live's viewers hear it (its chat, docs/live.md). */
const announceChat = (
  context: RequestContext,
  about: { videoId: string } | { commentId: string },
) =>
  announceLiveChat({ db: context.db, events: context.media?.events }, about).catch(
    (error: unknown) => context.log.warn({ err: error }, 'announcing a live chat change failed'),
  );

const CommentAnswer = z.object({
  id: z.string(),
  videoId: z.string(),
  parentId: z.string().nullable(),
  text: z.string(),
  author: PersonAnswer,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  isHeld: z.boolean(),
  isFromBlocked: z.boolean(),
  isReportedByMe: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  replyCount: z.number().int().min(0),
});

const ThreadAnswer = CommentAnswer.extend({ replies: z.array(CommentAnswer) });

const StaffCommentAnswer = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(COMMENT_STATUSES),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  video: z.object({ id: z.string(), title: z.string(), slug: z.string() }),
  author: PersonAnswer.extend({ accountCreatedAt: z.string() }),
  deletedAt: z.string().nullable(),
  deleteReason: z.string().nullable(),
  deletedBy: z.string().nullable(),
  heldReason: z.enum(COMMENT_HELD_REASONS).nullable(),
  heldDetail: z.string().nullable(),
});

/**
 * `/api/v2/comments`: comments under videos, threaded one level (docs/comments.md). Anyone
 * reads a published video's comments; verified members write; staff approve held comments.
 */
export const commentsEndpoint = defineModeEndpoint({
  path: '/api/v2/comments',
  summary: 'Comments under videos: read, write, reply, edit, delete; staff approve held ones.',
  modes: {
    List: {
      right: 'view',
      summary: `A published video's comments (or a public live's waiting page's: its chat) (\`videoId\`), 20 a page (\`index\`), \`order\` ${COMMENT_ORDERS.map((o) => `\`${o}\``).join(' or ')} (top: most replies first); each with its first 10 replies. \`totalCount\` counts replies too.`,
      input: ListCommentsInput,
      output: PagePosition.extend({
        data: z.array(ThreadAnswer),
        videoId: z.string(),
        order: z.enum(COMMENT_ORDERS),
        totalCount: z.number().int().min(0),
        pageSize: z.number().int().min(1),
      }),
      handle: async (input, context) => {
        const page = await listComments(context, input);
        return {
          body: {
            data: page.data,
            ...pagePosition(page),
            pageSize: page.pageSize,
            videoId: page.videoId,
            order: page.order,
            totalCount: page.totalCount,
          },
        };
      },
    },
    Replies: {
      right: 'view',
      summary: 'Replies to a top-level comment (`commentId`), oldest first, 10 a page (`index`).',
      input: ListRepliesInput,
      output: PagePosition.extend({ data: z.array(CommentAnswer), commentId: z.string() }),
      handle: async (input, context) => {
        const page = await listReplies(context, input);
        return { body: { data: page.data, ...pagePosition(page), commentId: page.commentId } };
      },
    },
    Create: {
      right: 'participate',
      refusal: { signIn: COMMENT_MESSAGES.signInToComment },
      summary: `Comment on a published video (or a public live's waiting page): \`videoId\`, \`text\` (plain text, 1 to ${MAX_COMMENT_LENGTH} characters) and optionally \`parentId\` to reply (a reply to a reply answers its top-level comment). Limited per member (COMMENT_RATE_LIMIT_*); a new account's comment is held for a moderator (\`isHeld\`).`,
      input: CreateCommentInput,
      output: CommentAnswer,
      handle: async (input, context) => {
        const comment = await createComment(context, input, {
          settings: commentSettingsOf(context.config),
        });
        await announceChat(context, { videoId: comment.videoId });
        return { status: 201, body: { ...comment } };
      },
    },
    Edit: {
      right: 'participate',
      summary: `Change the text of your own comment (\`commentId\`, \`text\`); it shows as edited. An account still new has the edited comment held for a moderator again (\`isHeld\`).`,
      input: EditCommentInput,
      output: CommentAnswer,
      handle: async (input, context) => {
        const comment = await editComment(context, input, {
          settings: commentSettingsOf(context.config),
        });
        await announceChat(context, { videoId: comment.videoId });
        return { body: { ...comment } };
      },
    },
    Delete: {
      right: 'participate',
      summary:
        'Delete a comment (`commentId`): your own, any under your video, or any as staff, who may give a `reason` (at most 300 characters). Its replies go with it.',
      input: DeleteCommentInput,
      output: z.object({ id: z.string(), deleted: z.boolean() }),
      handle: async (input, context) => {
        // Staff removing someone else's comment is a staff action: logged with its reason.
        if (await isStaffDeletion(context, input.commentId)) {
          await deleteCommentAsStaff(
            moderationContextOf(context),
            input.commentId,
            input.reason ?? '',
          );
          await announceChat(context, { commentId: input.commentId });
          return { body: { id: input.commentId, deleted: true } };
        }
        const deleted = await deleteComment(context, input);
        await announceChat(context, { commentId: input.commentId });
        return { body: { ...deleted } };
      },
    },
    StaffList: {
      right: 'moderate',
      summary: `Staff: comments by \`status\` (${STAFF_COMMENT_FILTERS.map((s) => `\`${s}\``).join(', ')}; held ones oldest first, each with why it waits, \`heldReason\` and \`heldDetail\`; optionally only those held for \`reason\`: ${COMMENT_HELD_REASONS.map((r) => `\`${r}\``).join(' or ')}), 20 a page.`,
      input: StaffCommentsInput,
      output: PagePosition.extend({
        data: z.array(StaffCommentAnswer),
        status: z.enum(STAFF_COMMENT_FILTERS),
      }),
      handle: async (input, context) => {
        const page = await listCommentsForStaff(context, input);
        return { body: { data: page.data, ...pagePosition(page), status: page.status } };
      },
    },
    Approve: {
      right: 'moderate',
      summary: 'Staff: approve a held comment (`commentId`): everyone sees it from now on.',
      input: ApproveCommentInput,
      output: z.object({ id: z.string(), status: z.enum(COMMENT_STATUSES) }),
      handle: async (input, context) => {
        // Logged as a staff action in the approval's transaction.
        await approveHeldComment(
          { ...moderationContextOf(context), log: context.log },
          input.commentId,
        );
        await announceChat(context, { commentId: input.commentId });
        return { body: { id: input.commentId, status: 'published' } };
      },
    },
  },
});
