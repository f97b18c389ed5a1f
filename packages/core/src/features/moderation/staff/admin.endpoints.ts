import { notificationSinkOf, notify } from '../../people/notifications';
import { z } from 'zod';
import { requireMemberRight } from '../../../access/rights';
import {
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import { HELD_ACTION_STATES, type Video } from '../../../platform/db/schema';
import {
  disableMember,
  enableMember,
  searchMembers,
  setMemberRoles,
  setMemberSupporter,
} from './members.service';
import {
  ActedVideoAnswer,
  CommentTarget,
  DeleteCommentAsStaffInput,
  DisableMemberInput,
  EnableMemberInput,
  MemberAnswer,
  PageFields,
  PageInput,
  ReportedVideoAnswer,
  ResolveReportsInput,
  SetRolesInput,
  SetSupporterInput,
  StaffActionAnswer,
  StaffLogInput,
  UnpublishedVideoAnswer,
  UnpublishInput,
  VideoTarget,
  VideoTargetWithReason,
} from './moderation.schema';
import {
  approveReportedVideo,
  deleteReportedVideo,
  deleteUnpublishedVideo,
  listReportedVideos,
  listUnpublishedVideos,
  publishVideoAsStaff,
  resolveReports,
  unpublishVideoAsStaff,
} from './moderation.service';
import { approveHeldComment, deleteCommentAsStaff } from '../../community/comments';
import { announceLiveChat } from '../../videos/live';
import { type ModerationContext, listStaffActions } from '../staff-actions';
import { checkSiteHealth, HealthAnswer, RedisStatsAnswer, sampleRedis } from '../admin';
import { unitOf } from '../../../platform/db/unit-of-work';
import { canonicalVideoPath } from '../../videos/watch';
import { disabledMessage } from '../../accounts/auth';
import { describeZodError } from '../../../kernel/dispatch';
import { ServiceError } from '../../../kernel/errors/service-error';
import {
  HELD_ACTION_MODES,
  holdStaffAction,
  listHeldStaffActions,
  undoStaffAction,
  UNDO_WINDOW_SECONDS,
} from './held-actions.service';

const moderationContext = (context: RequestContext): ModerationContext => ({
  db: context.db,
  actor: context.actor,
  listings: context.listings,
  now: context.now,
  media: context.media,
  heldAction: context.heldAction,
});

/** Every answer of the admin endpoint carries its HttpStatusCode (docs/api.md). */
const OK = { HttpStatusCode: 200 } as const;
const HttpStatusCode = z.literal(200);

const actedVideo = (video: Video) => ({
  _id: video.id,
  status: video.status,
  isReported: video.isReported,
  title: video.title,
});

const videoAnswer = z.object({ video: ActedVideoAnswer, HttpStatusCode });

/** The reason staff gave, as the uploader's bell and e-mail show it under the sentence. */
const reasonLine = (reason: string) => (reason.trim() ? `Reason: ${reason.trim()}` : '');

/**
 * Tells the uploader in their bell (and by e-mail, as they chose) what staff did to their
 * video, with the reason. Staff acting on their own video are not told.
 */
async function tellOwner(
  context: RequestContext,
  video: Pick<Video, 'ownerId' | 'title'>,
  kind: 'video_removed' | 'video_unpublished',
  targetPath: string,
  reason: string,
) {
  await notify(unitOf(context), notificationSinkOf(context), {
    userId: video.ownerId,
    kind,
    actorId: context.actor?.id,
    targetPath,
    targetTitle: video.title,
    detail: reasonLine(reason),
  });
}

const HeldActionAnswer = z.object({
  id: z.string(),
  mode: z.enum(HELD_ACTION_MODES),
  targetId: z.string(),
  state: z.enum(HELD_ACTION_STATES),
  failure: z.string().nullable(),
  runAt: z.string().describe('an ISO 8601 date'),
});
const heldAnswer = z.object({ data: HeldActionAnswer, HttpStatusCode });
const memberAnswer = z.object({ data: MemberAnswer, HttpStatusCode });

/** A comment approved or deleted by staff, committed: a live's viewers see it (its chat). */
const announceChatChange = (context: RequestContext, commentId: string) =>
  announceLiveChat({ db: context.db, events: context.media?.events }, { commentId }).catch(
    (error: unknown) => context.log.warn({ err: error }, 'announcing a live chat change failed'),
  );

/**
 * The admin endpoint (docs/moderation.md, docs/api.md). Moderation modes answer 200 to moderators
 * and admins and 403 to everyone else; CheckAccess, roles and the supporter flag are for admins
 * only. Approving or deleting a report removes the video from the reported list; unpublishing moves
 * it to the unpublished list; publishing or deleting removes it from that list.
 */
export const adminEndpoint = defineModeEndpoint({
  path: '/api/v2/admin',
  summary:
    'Moderation and admin calls: 200 to staff (moderators and admins; admins only where noted), 403 to other members and 401 to visitors.',
  modes: {
    CheckAccess: {
      right: 'administer',
      summary: 'Whether the caller is an admin (200) or not (403).',
      input: z.object({}),
      output: z.object({ data: z.object({ admin: z.literal(true), username: z.string() }) }),
      async handle(_input, context) {
        const admin = requireMemberRight(context.actor, 'administer');
        return { body: { data: { admin: true, username: admin.username } } };
      },
    },
    LoadReportedVideos: {
      right: 'moderate',
      summary:
        'The reported list: videos with open reports, the longest waiting first, 20 a page, each with its reports.',
      input: PageInput,
      output: z.object({ data: z.array(ReportedVideoAnswer), ...PageFields, HttpStatusCode }),
      async handle({ index }, context) {
        const page = await listReportedVideos(context.db, index);
        const { data, count, hasMore } = page;
        return { body: { data, count, index: page.index, hasMore, ...OK } };
      },
    },
    HoldAction: {
      right: 'moderate',
      summary: `Send a report-queue action to be carried out after the undo window (${UNDO_WINDOW_SECONDS} s) unless undone: \`action\` (ApproveVideo, DeleteReportVideo or UnpublishVideoAdmin) with that mode's \`_id\` and \`reason\`. The page may be left at once.`,
      input: z.object({
        action: z.enum(HELD_ACTION_MODES),
        _id: z.string().min(1).max(64),
        reason: z.string().max(500).optional(),
      }),
      output: heldAnswer,
      async handle({ action, _id, reason }, context) {
        // The action's own input rules apply now, not only when it is carried out.
        const checked = adminEndpoint.input.safeParse({
          mode: action,
          _id,
          ...(action === 'ApproveVideo' ? {} : { reason }),
        });
        if (!checked.success) throw new ServiceError('invalid', describeZodError(checked.error));
        const held = await holdStaffAction(
          {
            db: context.db,
            queue: requireMediaServices(context).queue,
            now: context.now,
            actor: context.actor,
          },
          { mode: action, targetId: _id, reason },
        );
        return { status: 202, body: { data: held, ...OK } };
      },
    },
    UndoAction: {
      right: 'moderate',
      summary:
        'Undo a held action of yours (`id`) while it waits; 409 once it has been carried out.',
      input: z.object({ id: z.string().min(1).max(64) }),
      output: heldAnswer,
      async handle({ id }, context) {
        return { body: { data: await undoStaffAction(context, id), ...OK } };
      },
    },
    HeldActions: {
      right: 'moderate',
      summary:
        'Your held actions among `ids` (at most 100) as they stand: held, running, done, failed (with `failure`) or undone.',
      input: z.object({ ids: z.array(z.string().min(1).max(64)).max(100) }),
      output: z.object({ data: z.array(HeldActionAnswer), HttpStatusCode }),
      async handle({ ids }, context) {
        return {
          body: { data: await listHeldStaffActions(context, ids), ...OK },
        };
      },
    },
    DeleteReportVideo: {
      right: 'moderate',
      summary:
        'Delete a reported video (`_id`, optional `reason` told to the uploader); its reports close and it leaves the reported list.',
      input: VideoTargetWithReason,
      output: videoAnswer,
      async handle({ _id, reason }, context) {
        const video = await deleteReportedVideo(moderationContext(context), _id, reason ?? '');
        // The inbox message holds the whole notice.
        await tellOwner(context, video, 'video_removed', '/inbox', reason ?? '');
        return { body: { video: { _id, status: 'deleted' }, ...OK } };
      },
    },
    ApproveVideo: {
      right: 'moderate',
      summary:
        'Keep a reported video (`_id`): its reports close as approved and it leaves the reported list.',
      input: VideoTarget,
      output: videoAnswer,
      async handle({ _id }, context) {
        const video = await approveReportedVideo(moderationContext(context), _id);
        return { body: { video: actedVideo(video), ...OK } };
      },
    },
    UnpublishVideoAdmin: {
      right: 'moderate',
      summary:
        'Unpublish any video (`_id`, `reason` told to the uploader, at most 500 characters): it moves to the unpublished list.',
      input: UnpublishInput,
      output: videoAnswer,
      async handle({ _id, reason }, context) {
        const video = await unpublishVideoAsStaff(moderationContext(context), _id, reason);
        // Its own page: the owner still opens it, and reads its state there.
        await tellOwner(context, video, 'video_unpublished', canonicalVideoPath(video), reason);
        return { body: { video: actedVideo(video), ...OK } };
      },
    },
    LoadAdminVideos: {
      right: 'moderate',
      summary:
        'The unpublished list: videos staff unpublished, newest first, 20 a page, with the reason given.',
      input: PageInput,
      output: z.object({
        unpublished: z.array(UnpublishedVideoAnswer),
        ...PageFields,
        HttpStatusCode,
      }),
      async handle({ index }, context) {
        const page = await listUnpublishedVideos(context.db, index);
        return {
          body: {
            unpublished: page.data,
            count: page.count,
            index: page.index,
            hasMore: page.hasMore,
            ...OK,
          },
        };
      },
    },
    AdminPublish: {
      right: 'moderate',
      summary: 'Publish a video staff unpublished (`_id`): it leaves the unpublished list.',
      input: VideoTarget,
      output: videoAnswer,
      async handle({ _id }, context) {
        const video = await publishVideoAsStaff(moderationContext(context), _id);
        return { body: { video: actedVideo(video), ...OK } };
      },
    },
    AdminDelete: {
      right: 'moderate',
      summary:
        'Delete a video staff unpublished (`_id`, optional `reason`): it leaves the unpublished list.',
      input: VideoTargetWithReason,
      output: videoAnswer,
      async handle({ _id, reason }, context) {
        const video = await deleteUnpublishedVideo(moderationContext(context), _id, reason ?? '');
        // The inbox message holds the whole notice.
        await tellOwner(context, video, 'video_removed', '/inbox', reason ?? '');
        return { body: { video: { _id, status: 'deleted' }, ...OK } };
      },
    },
    ResolveReports: {
      right: 'moderate',
      summary:
        "Close an item's open reports (`targetKind`, `targetId`, `outcome` approved or actioned).",
      input: ResolveReportsInput,
      output: z.object({ data: z.object({ closed: z.number().int().min(0) }), HttpStatusCode }),
      async handle(input, context) {
        const closed = await resolveReports(moderationContext(context), input);
        return { body: { data: { closed }, ...OK } };
      },
    },
    ApproveComment: {
      right: 'moderate',
      summary: 'Approve a held comment (`commentId`): everyone sees it from now on.',
      input: CommentTarget,
      output: z.object({
        data: z.object({ id: z.string(), status: z.literal('published') }),
        HttpStatusCode,
      }),
      async handle({ commentId }, context) {
        await approveHeldComment(moderationContext(context), commentId);
        await announceChatChange(context, commentId);
        return { body: { data: { id: commentId, status: 'published' }, ...OK } };
      },
    },
    DeleteComment: {
      right: 'moderate',
      summary:
        'Delete any comment (`commentId`, optional `reason`, at most 300 characters); its open reports close as actioned.',
      input: DeleteCommentAsStaffInput,
      output: z.object({
        data: z.object({ id: z.string(), deleted: z.literal(true) }),
        HttpStatusCode,
      }),
      async handle({ commentId, reason }, context) {
        await deleteCommentAsStaff(moderationContext(context), commentId, reason ?? '');
        await announceChatChange(context, commentId);
        return { body: { data: { id: commentId, deleted: true }, ...OK } };
      },
    },
    LoadMembers: {
      right: 'moderate',
      summary: 'Members whose username or e-mail contains `query`, 20 a page.',
      input: PageInput.extend({
        query: z.string().trim().max(100, 'is at most 100 characters long').default(''),
        filter: z.enum(['all', 'disabled', 'staff']).default('all'),
      }),
      output: z.object({ data: z.array(MemberAnswer), ...PageFields, HttpStatusCode }),
      async handle(input, context) {
        const page = await searchMembers(context.db, input);
        return {
          body: {
            data: page.data,
            count: page.count,
            index: page.index,
            hasMore: page.hasMore,
            ...OK,
          },
        };
      },
    },
    DisableMember: {
      right: 'moderate',
      summary:
        'Disable an account (`userId`, `reason`): its sessions end at once, sign-in is refused and its videos leave the site.',
      input: DisableMemberInput,
      output: memberAnswer,
      async handle({ userId, reason }, context) {
        const data = await disableMember(moderationContext(context), userId, reason);
        // The member can no longer sign in: the e-mail is how they hear it, and why.
        await notify(unitOf(context), notificationSinkOf(context), {
          userId,
          kind: 'account_disabled',
          actorId: context.actor?.id,
          targetPath: '/contact',
          detail: disabledMessage(reason),
        });
        return { body: { data, ...OK } };
      },
    },
    EnableMember: {
      right: 'moderate',
      summary:
        'Enable a disabled account (`userId`): it may sign in again and its videos are back.',
      input: EnableMemberInput,
      output: memberAnswer,
      async handle({ userId, reason }, context) {
        const data = await enableMember(moderationContext(context), userId, reason);
        await notify(unitOf(context), notificationSinkOf(context), {
          userId,
          kind: 'account_enabled',
          actorId: context.actor?.id,
          targetPath: '/',
          detail: reasonLine(reason ?? ''),
        });
        return { body: { data, ...OK } };
      },
    },
    SetMemberRoles: {
      right: 'administer',
      summary:
        "Set a member's staff roles (`userId`, `roles`: moderator, tagger, admin). Admins only.",
      input: SetRolesInput,
      output: memberAnswer,
      async handle({ userId, roles }, context) {
        const data = await setMemberRoles(moderationContext(context), userId, roles);
        return { body: { data, ...OK } };
      },
    },
    SetSupporter: {
      right: 'administer',
      summary: "Set or clear a member's supporter flag (`userId`, `isSupporter`). Admins only.",
      input: SetSupporterInput,
      output: memberAnswer,
      async handle({ userId, isSupporter }, context) {
        const data = await setMemberSupporter(moderationContext(context), userId, isSupporter);
        return { body: { data, ...OK } };
      },
    },
    LoadHealth: {
      right: 'administer',
      summary:
        'The health of the database (latency, size), the job queue (jobs by state, the oldest waiting), its workers (active jobs, stale heartbeats) and the data disk. Admins only.',
      input: z.object({}),
      output: z.object({ data: HealthAnswer, HttpStatusCode }),
      async handle(_input, context) {
        const data = await checkSiteHealth(context, { dataDir: context.config.dataDir });
        return { body: { data, ...OK } };
      },
    },
    LoadRedisStats: {
      right: 'administer',
      summary:
        'Live figures of the configured Redis: operations per second, memory, hit ratio, clients, keyspace and the slow log; `configured: false` without REDIS_URL. Admins only.',
      input: z.object({}),
      output: z.object({ data: RedisStatsAnswer, HttpStatusCode }),
      async handle(_input, context) {
        const data = await sampleRedis(context.config.REDIS_URL, context.now());
        return { body: { data, ...OK } };
      },
    },
    LoadStaffLog: {
      right: 'moderate',
      summary:
        'The staff action log, newest first, 30 a page, filtered by `actor`, `action`, `target`, `from` and `to` (dates). It cannot be changed.',
      input: StaffLogInput,
      output: z.object({ data: z.array(StaffActionAnswer), ...PageFields, HttpStatusCode }),
      async handle(input, context) {
        const page = await listStaffActions(context.db, input);
        return {
          body: {
            data: page.data.map((row) => ({
              id: row.id,
              actorUsername: row.actorUsername,
              action: row.action,
              targetKind: row.targetKind,
              targetId: row.targetId,
              targetLabel: row.targetLabel,
              reason: row.reason,
              createdAt: row.createdAt.toISOString(),
            })),
            count: page.count,
            index: page.index,
            hasMore: page.hasMore,
            ...OK,
          },
        };
      },
    },
  },
});
