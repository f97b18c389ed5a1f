import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { listVideos } from '../../discovery/browse/browse.service';
import {
  comments,
  messages,
  notifications,
  reports,
  sessions,
  staffActions,
  users,
  videos,
} from '../../../platform/db/schema';
import { transcodeDeadLetterJob, transcodeVideoJob } from '../../../platform/jobs/job-definitions';
import { JobQueue } from '../../../platform/jobs/job-queue';
import { commentsEndpoint } from '../../community/comments/comments.endpoints';
import { reportsEndpoint } from '../reports/reports.endpoints';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { InProcessEvents } from '../../../platform/events/processing-events';
import { adminEndpoint } from './admin.endpoints';
import { loadMemberForStaff } from './members.service';
import { countQueues, listReportedItems, loadModerationVideo } from './moderation.service';
import { describeStaffAction } from '../staff-actions/staff-log.service';

const handle = await createTestDatabase();
const { db } = handle;
const root = mkdtempSync(join(tmpdir(), 'cutroom-moderation-'));
const queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
const media = {
  storage: new LocalStorage({ root, publicBaseUrl: '/media' }),
  queue,
  events: new InProcessEvents(),
  uploads: { find: async () => null, remove: async () => {} },
};
afterAll(async () => {
  await queue.stop({ graceful: false });
  rmSync(root, { recursive: true, force: true });
});

const admin = (actor: Actor | null, body: object) =>
  dispatch(adminEndpoint, body, { ...createTestContext(db, { actor }), media });
const report = (actor: Actor | null, body: object) =>
  dispatch(reportsEndpoint, body, createTestContext(db, { actor }));

const statusOf = async (id: string) =>
  (await db.select().from(videos).where(eq(videos.id, id)))[0]?.status ?? 'deleted';
const reportedIds = async (actor: Actor) =>
  ((await admin(actor, { mode: 'LoadReportedVideos' })).body.data as { _id: string }[]).map(
    (video) => video._id,
  );
const unpublishedIds = async (actor: Actor) =>
  ((await admin(actor, { mode: 'LoadAdminVideos' })).body.unpublished as { _id: string }[]).map(
    (video) => video._id,
  );
const logOf = (targetId: string) =>
  db.select().from(staffActions).where(eq(staffActions.targetId, targetId));

async function reportedVideo() {
  const uploader = await createUser(db);
  const reporter = await createUser(db);
  const video = await createVideo(db, { ownerId: uploader.user.id, title: 'Reported cut' });
  const answer = await report(reporter.actor, {
    mode: 'Report',
    targetKind: 'video',
    targetId: video.id,
    reason: 'copyright',
    details: 'My own footage',
  });
  expect(answer.status).toBe(201);
  return { uploader, reporter, video };
}

const moderator = (await createUser(db, { role: 'moderator' })).actor;
const adminActor = (await createUser(db, { role: 'admin,moderator' })).actor;

describe('reports', () => {
  it('marks the video reported and refuses a second report by the same person', async () => {
    const { reporter, video } = await reportedVideo();
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.isReported).toBe(true);
    const again = await report(reporter.actor, {
      mode: 'Report',
      targetKind: 'video',
      targetId: video.id,
      reason: 'spam',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { error: 'You have already reported this video' },
    });
    const mine = await report(reporter.actor, { mode: 'LoadMyReports' });
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        targetId: video.id,
        state: 'open',
        reasonLabel: 'Copyright infringement',
      }),
    ]);
  });

  it('reports a member by username; not oneself, nor a missing member; a visitor signs in', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    expect(
      (
        await report(a.actor, {
          mode: 'Report',
          targetKind: 'member',
          targetId: b.user.username,
          reason: 'harassment',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await report(a.actor, {
          mode: 'Report',
          targetKind: 'member',
          targetId: a.user.username,
          reason: 'spam',
        })
      ).body.error,
    ).toBe('You cannot report yourself');
    expect(
      (
        await report(a.actor, {
          mode: 'Report',
          targetKind: 'member',
          targetId: 'nobody_here',
          reason: 'spam',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await report(null, {
          mode: 'Report',
          targetKind: 'member',
          targetId: b.user.username,
          reason: 'spam',
        })
      ).status,
    ).toBe(401);
  });

  it('refuses an unknown reason, naming the field', async () => {
    const { video } = await reportedVideo();
    const someone = await createUser(db);
    const answer = await report(someone.actor, {
      mode: 'Report',
      targetKind: 'video',
      targetId: video.id,
      reason: 'because',
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.error)).toMatch(/^reason: /);
  });
});

describe('/api/v2/admin transitions (docs/moderation.md)', () => {
  it('answers 403 to members and 401 to visitors for every moderation mode', async () => {
    const member = await createUser(db);
    for (const mode of [
      'LoadReportedVideos',
      'ApproveVideo',
      'AdminDelete',
      'LoadAdminVideos',
      'HoldAction',
    ]) {
      expect((await admin(member.actor, { mode, _id: 'x' })).status).toBe(403);
      expect((await admin(null, { mode, _id: 'x' })).status).toBe(401);
    }
  });

  it('ApproveVideo removes the video from the reported list and closes its reports', async () => {
    const { video, reporter } = await reportedVideo();
    expect(await reportedIds(moderator)).toContain(video.id);
    const answer = await admin(moderator, { mode: 'ApproveVideo', _id: video.id });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        video: { _id: video.id, status: 'published', isReported: false },
        HttpStatusCode: 200,
      },
    });
    expect(await reportedIds(moderator)).not.toContain(video.id);
    const [closed] = await db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, reporter.user.id));
    expect(closed?.state).toBe('approved');
    expect((await logOf(video.id)).map((entry) => entry.action)).toEqual(['approve_video']);
    expect((await admin(moderator, { mode: 'ApproveVideo', _id: video.id })).status).toBe(409);
  });

  it('DeleteReportVideo deletes the video, tells the uploader and logs it', async () => {
    const { video, uploader } = await reportedVideo();
    const answer = await admin(moderator, {
      mode: 'DeleteReportVideo',
      _id: video.id,
      reason: 'Not your footage',
    });
    expect(answer.body).toMatchObject({
      video: { _id: video.id, status: 'deleted' },
      HttpStatusCode: 200,
    });
    expect(await statusOf(video.id)).toBe('deleted');
    expect(await reportedIds(moderator)).not.toContain(video.id);
    const [notice] = await db
      .select()
      .from(messages)
      .where(eq(messages.recipientId, uploader.user.id));
    expect(notice?.subject).toBe('Your video "Reported cut" was removed');
    expect(notice?.body).toContain('Not your footage');
    // The bell (and the e-mail, at once by default) say it too, with the reason.
    const [bell] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, uploader.user.id));
    expect(bell).toMatchObject({
      kind: 'video_removed',
      targetPath: '/inbox',
      targetTitle: 'Reported cut',
      detail: 'Reason: Not your footage',
      emailMode: 'immediate',
    });
    const [entry] = await logOf(video.id);
    expect(entry).toMatchObject({
      action: 'delete_video',
      actorUsername: moderator.username,
      targetLabel: 'Reported cut',
      reason: 'Not your footage',
    });
    expect((await admin(moderator, { mode: 'DeleteReportVideo', _id: video.id })).status).toBe(404);
  });

  it('UnpublishVideoAdmin moves a video to the unpublished list; AdminPublish takes it back out', async () => {
    const { video, uploader } = await reportedVideo();
    const missingReason = await admin(moderator, {
      mode: 'UnpublishVideoAdmin',
      _id: video.id,
      reason: ' ',
    });
    expect(missingReason).toMatchObject({ status: 400, body: { error: 'reason: is required' } });
    const answer = await admin(moderator, {
      mode: 'UnpublishVideoAdmin',
      _id: video.id,
      reason: 'Seizure warning missing',
    });
    expect(answer.body).toMatchObject({
      video: { status: 'unpublished_admin' },
      HttpStatusCode: 200,
    });
    expect(await reportedIds(moderator)).not.toContain(video.id);
    expect(await unpublishedIds(moderator)).toContain(video.id);
    const list = await admin(moderator, { mode: 'LoadAdminVideos' });
    expect(
      (list.body.unpublished as { _id: string; reason: string }[]).find((v) => v._id === video.id)
        ?.reason,
    ).toBe('Seizure warning missing');
    const notices = await db
      .select()
      .from(messages)
      .where(eq(messages.recipientId, uploader.user.id));
    expect(notices.map((notice) => notice.body).join()).toContain('Seizure warning missing');
    // The bell and the e-mail give the reason and lead to the video's own page, which its owner
    // still opens (their profile lists no unpublished video).
    const [bell] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, uploader.user.id));
    expect(bell).toMatchObject({
      kind: 'video_unpublished',
      targetPath: `/video/${video.slug}_${video.id}`,
      detail: 'Reason: Seizure warning missing',
    });
    expect(
      (await admin(moderator, { mode: 'UnpublishVideoAdmin', _id: video.id, reason: 'again' }))
        .status,
    ).toBe(409);

    const published = await admin(adminActor, { mode: 'AdminPublish', _id: video.id });
    expect(published.body).toMatchObject({ video: { status: 'published' }, HttpStatusCode: 200 });
    expect(await unpublishedIds(moderator)).not.toContain(video.id);
    expect((await admin(adminActor, { mode: 'AdminPublish', _id: video.id })).status).toBe(409);
    expect((await logOf(video.id)).map((entry) => entry.action).sort()).toEqual([
      'publish_video',
      'unpublish_video',
    ]);
  });

  it('AdminDelete removes an unpublished video from that list, and only such a video', async () => {
    const owner = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    expect((await admin(moderator, { mode: 'AdminDelete', _id: video.id })).status).toBe(409);
    await admin(moderator, { mode: 'UnpublishVideoAdmin', _id: video.id, reason: 'Spam' });
    const answer = await admin(moderator, { mode: 'AdminDelete', _id: video.id });
    expect(answer.body).toMatchObject({
      video: { _id: video.id, status: 'deleted' },
      HttpStatusCode: 200,
    });
    expect(await unpublishedIds(moderator)).not.toContain(video.id);
    expect(await statusOf(video.id)).toBe('deleted');
  });
});

describe('disabling a member', () => {
  it('ends their sessions, hides their videos from listings, and enabling restores them', async () => {
    const member = await createUser(db);
    const video = await createVideo(db, { ownerId: member.user.id, title: 'Suspended cut' });
    const own = await createVideo(db, { ownerId: member.user.id, status: 'unpublished_user' });
    await db.insert(sessions).values({
      id: 'sess-disable-1',
      token: 'token-disable-1',
      userId: member.user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const listed = async () =>
      (
        await listVideos({ db, actor: null, now: () => new Date() }, { index: 0, pageSize: 100 })
      ).data.map((row) => row.id);
    expect(await listed()).toContain(video.id);

    const answer = await admin(moderator, {
      mode: 'DisableMember',
      userId: member.user.id,
      reason: 'Spam uploads',
    });
    expect(answer.body).toMatchObject({ data: { disabled: true }, HttpStatusCode: 200 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await statusOf(video.id)).toBe('unpublished_admin');
    expect(await listed()).not.toContain(video.id);
    // Their videos are not staff's unpublished list: they come back with the account.
    expect(await unpublishedIds(moderator)).not.toContain(video.id);
    // Staff are told why the video is hidden, and publishing it alone is refused naming why.
    expect((await loadModerationVideo(db, video.id))?.isHiddenWithOwner).toBe(true);
    expect(await admin(moderator, { mode: 'AdminPublish', _id: video.id })).toMatchObject({
      status: 409,
      body: {
        error:
          'This video is hidden because its owner is disabled: enabling the member brings it back',
      },
    });

    const enabled = await admin(moderator, { mode: 'EnableMember', userId: member.user.id });
    expect(enabled.body).toMatchObject({ data: { disabled: false } });
    expect(await statusOf(video.id)).toBe('published');
    expect(await statusOf(own.id)).toBe('unpublished_user');
    expect((await loadModerationVideo(db, video.id))?.isHiddenWithOwner).toBe(false);
    expect(await listed()).toContain(video.id);
    expect((await logOf(member.user.id)).map((entry) => entry.action).sort()).toEqual([
      'disable_member',
      'enable_member',
    ]);
  });

  it('a moderator may not disable staff nor themselves; an admin may', async () => {
    const other = await createUser(db, { role: 'moderator' });
    expect(
      (await admin(moderator, { mode: 'DisableMember', userId: other.user.id, reason: 'x' }))
        .status,
    ).toBe(403);
    expect(
      (await admin(moderator, { mode: 'DisableMember', userId: moderator.id, reason: 'x' })).status,
    ).toBe(403);
    expect(
      (await admin(adminActor, { mode: 'DisableMember', userId: other.user.id, reason: 'x' }))
        .status,
    ).toBe(200);
  });

  it('roles and the supporter flag are for admins, and logged', async () => {
    const member = await createUser(db);
    expect(
      (
        await admin(moderator, {
          mode: 'SetMemberRoles',
          userId: member.user.id,
          roles: ['tagger'],
        })
      ).status,
    ).toBe(403);
    const roles = await admin(adminActor, {
      mode: 'SetMemberRoles',
      userId: member.user.id,
      roles: ['admin'],
    });
    expect(roles.body).toMatchObject({ data: { roles: ['admin', 'moderator'] } });
    const supporter = await admin(adminActor, {
      mode: 'SetSupporter',
      userId: member.user.id,
      isSupporter: true,
    });
    expect(supporter.body).toMatchObject({ data: { isSupporter: true } });
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ role: 'admin,moderator', isSupporter: true });
    // The same roles saved again change nothing and log nothing.
    const logged = async () =>
      (await db.select().from(staffActions).where(eq(staffActions.targetId, member.user.id)))
        .length;
    const before = await logged();
    const again = await admin(adminActor, {
      mode: 'SetMemberRoles',
      userId: member.user.id,
      roles: ['admin'],
    });
    expect(again.body).toMatchObject({ data: { roles: ['admin', 'moderator'] } });
    expect(await logged()).toBe(before);
  });

  it("keeps a partner's partner role when an admin sets their staff roles", async () => {
    const partner = await createUser(db, { role: 'partner' });
    const saved = await admin(adminActor, {
      mode: 'SetMemberRoles',
      userId: partner.user.id,
      roles: ['tagger'],
    });
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, partner.user.id));
    expect(row!.role).toBe('partner,tagger');
    // The form sends only the roles it offers: a partner role in the list is refused, by name.
    const refused = await admin(adminActor, {
      mode: 'SetMemberRoles',
      userId: partner.user.id,
      roles: ['partner', 'tagger'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/roles/);
  });

  it("lists each member's number of videos", async () => {
    const owner = await createUser(db, { username: `owner${Date.now().toString(36)}` });
    await createVideo(db, { ownerId: owner.user.id });
    await createVideo(db, { ownerId: owner.user.id });
    const list = await admin(moderator, { mode: 'LoadMembers', query: owner.user.username });
    expect(list.body).toMatchObject({
      data: [{ username: owner.user.username, videoCount: 2 }],
    });
  });
});

describe('comments', () => {
  it('approves a held comment and deletes a reported one, closing its reports, both logged', async () => {
    const author = await createUser(db);
    const reporter = await createUser(db);
    const owner = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    await db.insert(comments).values([
      { id: 'heldcm1', videoId: video.id, authorId: author.user.id, body: 'Hello', status: 'held' },
      { id: 'rudecm1', videoId: video.id, authorId: author.user.id, body: 'Rude words' },
    ]);
    expect((await admin(moderator, { mode: 'ApproveComment', commentId: 'heldcm1' })).status).toBe(
      200,
    );
    const [approved] = await db.select().from(comments).where(eq(comments.id, 'heldcm1'));
    expect(approved?.status).toBe('published');
    expect(
      (
        await report(reporter.actor, {
          mode: 'Report',
          targetKind: 'comment',
          targetId: 'rudecm1',
          reason: 'harassment',
        })
      ).status,
    ).toBe(201);
    expect((await countQueues(db)).reportedComments).toBeGreaterThan(0);
    // The queue names the comment's author and offers its deletion.
    const queued = (await listReportedItems(db, 'comment')).data.find(
      (item) => item.targetId === 'rudecm1',
    );
    expect(queued).toMatchObject({ author: author.user.username, isLive: true });
    const deleted = await admin(moderator, {
      mode: 'DeleteComment',
      commentId: 'rudecm1',
      reason: 'Insults',
    });
    expect(deleted.body).toMatchObject({ data: { id: 'rudecm1', deleted: true } });
    const [gone] = await db.select().from(comments).where(eq(comments.id, 'rudecm1'));
    expect(gone?.deleteReason).toBe('Insults');
    const [closed] = await db.select().from(reports).where(eq(reports.targetId, 'rudecm1'));
    expect(closed?.state).toBe('actioned');
    expect((await logOf('heldcm1')).map((entry) => entry.action)).toEqual(['approve_comment']);
    expect((await logOf('rudecm1'))[0]).toMatchObject({
      action: 'delete_comment',
      reason: 'Insults',
    });
    expect((await admin(moderator, { mode: 'ApproveComment', commentId: 'heldcm1' })).status).toBe(
      404,
    );
    // The author's staff page lists what staff did to their comments.
    const authorLog = (await loadMemberForStaff(db, author.user.username))!.log;
    expect(authorLog.map((entry) => [entry.action, entry.targetId]).sort()).toEqual([
      ['approve_comment', 'heldcm1'],
      ['delete_comment', 'rudecm1'],
    ]);
  });
});

describe('comments through the comments endpoint', () => {
  it("logs staff deleting someone else's comment there too; an author's own delete is not a staff action", async () => {
    const author = await createUser(db);
    const owner = await createUser(db);
    const video = await createVideo(db, { ownerId: owner.user.id });
    await db.insert(comments).values([
      { id: 'viacm1', videoId: video.id, authorId: author.user.id, body: 'Spam link' },
      { id: 'viacm2', videoId: video.id, authorId: author.user.id, body: 'Mine' },
    ]);
    const viaComments = (actor: Actor, body: object) =>
      dispatch(commentsEndpoint, body, createTestContext(db, { actor }));
    expect(
      (await viaComments(moderator, { mode: 'Delete', commentId: 'viacm1', reason: 'Spam' })).body,
    ).toMatchObject({ id: 'viacm1', deleted: true });
    expect((await logOf('viacm1'))[0]).toMatchObject({ action: 'delete_comment', reason: 'Spam' });
    expect((await viaComments(author.actor, { mode: 'Delete', commentId: 'viacm2' })).status).toBe(
      200,
    );
    expect(await logOf('viacm2')).toEqual([]);
  });
});

describe('the staff action log', () => {
  it("shows on the uploader's staff page what staff did to their videos, deleted ones too", async () => {
    const { video, uploader } = await reportedVideo();
    await admin(moderator, { mode: 'UnpublishVideoAdmin', _id: video.id, reason: 'Too dark' });
    await admin(moderator, { mode: 'AdminDelete', _id: video.id, reason: 'Still too dark' });
    const found = await loadMemberForStaff(db, uploader.user.username);
    expect(found!.log.map((entry) => [entry.action, entry.targetLabel])).toEqual([
      ['delete_video', 'Reported cut'],
      ['unpublish_video', 'Reported cut'],
    ]);
    // An entry written before the owner was kept still shows for a video they have.
    const kept = await createVideo(db, { ownerId: uploader.user.id, title: 'Older entry' });
    await db.insert(staffActions).values({
      actorId: moderator.id,
      actorUsername: moderator.username,
      action: 'approve_video',
      targetKind: 'video',
      targetId: kept.id,
      targetLabel: 'Older entry',
    });
    const again = await loadMemberForStaff(db, uploader.user.username);
    expect(again!.log.map((entry) => entry.targetLabel)).toContain('Older entry');
  });

  it('reads each action naming the kind of its target once', () => {
    expect(describeStaffAction({ action: 'unpublish_video', targetKind: 'video' })).toBe(
      'Unpublished a video',
    );
    expect(describeStaffAction({ action: 'resolve_reports', targetKind: 'comment' })).toBe(
      'Closed reports on a comment',
    );
  });

  it('cannot be changed or deleted, even straight in the database', async () => {
    const { video } = await reportedVideo();
    await admin(moderator, { mode: 'ApproveVideo', _id: video.id });
    await expect(
      db
        .update(staffActions)
        .set({ reason: 'rewritten' })
        .where(eq(staffActions.targetId, video.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(staffActions).where(eq(staffActions.targetId, video.id)),
    ).rejects.toThrow();
    expect((await logOf(video.id))[0]?.reason).toBe('1 report closed');
  });

  it('filters by actor, action, target and date', async () => {
    const { video } = await reportedVideo();
    await admin(adminActor, { mode: 'ApproveVideo', _id: video.id });
    const byActor = await admin(moderator, {
      mode: 'LoadStaffLog',
      actor: adminActor.username.toUpperCase(),
    });
    expect(
      (byActor.body.data as { actorUsername: string }[]).every(
        (e) => e.actorUsername === adminActor.username,
      ),
    ).toBe(true);
    const byTarget = await admin(moderator, {
      mode: 'LoadStaffLog',
      target: 'Reported cut',
      action: 'approve_video',
    });
    expect((byTarget.body.count as number) >= 1).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      ((await admin(moderator, { mode: 'LoadStaffLog', from: today })).body.count as number) > 0,
    ).toBe(true);
    expect((await admin(moderator, { mode: 'LoadStaffLog', from: tomorrow })).body.count).toBe(0);
    expect((await admin(moderator, { mode: 'LoadStaffLog', from: '2026-13-45' })).status).toBe(400);
  });
});

describe('the dashboard counts', () => {
  it('counts reported videos and members with open reports', async () => {
    const before = await countQueues(db);
    await reportedVideo();
    const after = await countQueues(db);
    expect(after.reportedVideos).toBe(before.reportedVideos + 1);
    const open = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.targetKind, 'member'), eq(reports.state, 'open')));
    expect(after.reportedMembers).toBeLessThanOrEqual(open[0]!.n);
  });
});
