import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import type { Actor } from '../../../kernel/endpoint';
import { heldStaffActions, staffActions, videos } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestMediaServices } from '../../../../test-support/media-services';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { adminEndpoint } from './admin.endpoints';
import {
  recoverHeldStaffActions,
  runHeldStaffAction,
  startHeldStaffActions,
} from './held-actions.runner';
import { countQueues, listReportedVideos } from './moderation.service';
import {
  claimHeldStaffAction,
  finishHeldStaffAction,
  HELD_ACTION_MESSAGES,
  heldStaffActionJob,
  UNDO_WINDOW_SECONDS,
} from './held-actions.service';

const handle = await createTestDatabase();
const { db } = handle;
const media = await createTestMediaServices(handle, [heldStaffActionJob]);
const contextFor = (actor: Actor | null) => ({ ...createTestContext(db, { actor }), media });
const admin = (body: object, actor: Actor | null) =>
  dispatch(adminEndpoint, body, contextFor(actor));

async function reportedVideo() {
  const owner = await createUser(db);
  return createVideo(db, { ownerId: owner.user.id, isReported: true });
}

describe('report-queue actions held for the undo window', () => {
  it('answers 202 at once, queues the job for after the window, and carries it out then', async () => {
    const staff = await createUser(db, { role: 'moderator' });
    const video = await reportedVideo();
    const held = await admin(
      { mode: 'HoldAction', action: 'UnpublishVideoAdmin', _id: video.id, reason: 'Spam' },
      staff.actor,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    const { id, state, runAt } = (
      held.body as { data: { id: string; state: string; runAt: string } }
    ).data;
    expect(state).toBe('held');
    expect(new Date(runAt).getTime() - Date.now()).toBeGreaterThan(
      (UNDO_WINDOW_SECONDS - 2) * 1000,
    );
    // Nothing happened yet; the job waits for the window.
    const [before] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(before!.status).toBe('published');
    // Acted on, it leaves the queue and its counts at once (a reload does not bring it back).
    expect((await listReportedVideos(db)).data.map((row) => row._id)).not.toContain(video.id);
    const countsWhileHeld = await countQueues(db);
    expect(await media.queue.boss.fetch(heldStaffActionJob.name)).toEqual([]);

    // What the job does when the window has passed (the page long gone).
    await runHeldStaffAction(createTestContext(db, { actor: null }), id);
    const [after] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(after!.status).toBe('unpublished_admin');
    expect((await countQueues(db)).reportedVideos).toBe(countsWhileHeld.reportedVideos);
    const log = await db.select().from(staffActions).where(eq(staffActions.targetId, video.id));
    expect(log).toMatchObject([
      { action: 'unpublish_video', reason: 'Spam', actorId: staff.user.id },
    ]);
    const status = await admin({ mode: 'HeldActions', ids: [id] }, staff.actor);
    expect(status.body).toMatchObject({ data: [{ id, state: 'done', failure: null }] });
    // Once carried out, it cannot be undone, and a second run does nothing.
    const late = await admin({ mode: 'UndoAction', id }, staff.actor);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Too late to undo: this action was already carried out');
    await runHeldStaffAction(createTestContext(db, { actor: null }), id);
    expect(
      await db.select().from(staffActions).where(eq(staffActions.targetId, video.id)),
    ).toHaveLength(1);
  });

  it('an undone action is never carried out', async () => {
    const staff = await createUser(db, { role: 'moderator' });
    const video = await reportedVideo();
    const held = await admin(
      { mode: 'HoldAction', action: 'ApproveVideo', _id: video.id },
      staff.actor,
    );
    const { id } = (held.body as { data: { id: string } }).data;
    const undone = await admin({ mode: 'UndoAction', id }, staff.actor);
    expect(undone.body).toMatchObject({ data: { id, state: 'undone' } });
    await runHeldStaffAction(createTestContext(db, { actor: null }), id);
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.isReported).toBe(true);
    const [stored] = await db.select().from(heldStaffActions).where(eq(heldStaffActions.id, id));
    expect(stored!.state).toBe('undone');
  });

  it('records why a carried-out action failed, for the page to say', async () => {
    const staff = await createUser(db, { role: 'moderator' });
    const video = await reportedVideo();
    const held = await admin(
      { mode: 'HoldAction', action: 'DeleteReportVideo', _id: video.id, reason: 'Copy' },
      staff.actor,
    );
    const { id } = (held.body as { data: { id: string } }).data;
    // Meanwhile the owner deleted the video.
    await db.delete(videos).where(eq(videos.id, video.id));
    await runHeldStaffAction(createTestContext(db, { actor: null }), id);
    const status = await admin({ mode: 'HeldActions', ids: [id] }, staff.actor);
    expect(status.body).toMatchObject({
      data: [{ state: 'failed', failure: "This video doesn't exist" }],
    });
  });

  it('refuses members, bad input naming the field, and others undoing mine', async () => {
    const staff = await createUser(db, { role: 'moderator' });
    const other = await createUser(db, { role: 'moderator' });
    const member = await createUser(db);
    const video = await reportedVideo();
    const body = { mode: 'HoldAction', action: 'ApproveVideo', _id: video.id };
    expect((await admin(body, member.actor)).status).toBe(403);
    const bad = await admin({ ...body, action: 'DeleteEverything' }, staff.actor);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('action');
    const noReason = await admin({ ...body, action: 'UnpublishVideoAdmin' }, staff.actor);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toContain('reason');
    const held = await admin(body, staff.actor);
    const { id } = (held.body as { data: { id: string } }).data;
    expect((await admin({ mode: 'UndoAction', id }, other.actor)).status).toBe(404);
  });
});

describe('a held action left running by an attempt that died', () => {
  const runContext = () => createTestContext(db, { actor: null });
  const just = (date: Date) => new Date(date.getTime() + 1);
  const stored = async (id: string) =>
    (await db.select().from(heldStaffActions).where(eq(heldStaffActions.id, id)))[0]!;
  const logOf = (videoId: string) =>
    db.select().from(staffActions).where(eq(staffActions.targetId, videoId));

  async function hold(action: string, videoId: string) {
    const staff = await createUser(db, { role: 'moderator' });
    const held = await admin(
      { mode: 'HoldAction', action, _id: videoId, reason: 'Spam' },
      staff.actor,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    return { staff, id: (held.body as { data: { id: string } }).data.id };
  }

  it('is taken again once stale, and carried out once', async () => {
    const video = await reportedVideo();
    const { id, staff } = await hold('UnpublishVideoAdmin', video.id);
    // An attempt takes it, then its process dies: nothing of the action committed.
    const dead = await claimHeldStaffAction({ db, now: () => new Date() }, id);
    expect(dead).toMatchObject({ state: 'running', attempt: 1 });
    // While that attempt may still live, the job's run leaves it alone.
    await runHeldStaffAction(runContext(), id);
    expect(await stored(id)).toMatchObject({ state: 'running', attempt: 1 });
    expect(await logOf(video.id)).toEqual([]);

    const taken = await recoverHeldStaffActions(runContext(), just(dead!.startedAt!));
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(await stored(id)).toMatchObject({ state: 'done', attempt: 2, failure: null });
    const [after] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(after!.status).toBe('unpublished_admin');
    expect(await logOf(video.id)).toMatchObject([
      { action: 'unpublish_video', actorId: staff.user.id },
    ]);
    // Done is final: a later sweep or job run takes it no more.
    await recoverHeldStaffActions(runContext(), new Date(Date.now() + 3_600_000));
    await runHeldStaffAction(runContext(), id, new Date(Date.now() + 3_600_000));
    expect(await stored(id)).toMatchObject({ state: 'done', attempt: 2 });
    expect(await logOf(video.id)).toHaveLength(1);
  });

  it('an older attempt that was only slow cannot commit the action after it was taken again', async () => {
    const video = await reportedVideo();
    const { id, staff } = await hold('ApproveVideo', video.id);
    const slow = await claimHeldStaffAction({ db, now: () => new Date() }, id);
    const again = await claimHeldStaffAction(
      { db, now: () => new Date() },
      id,
      just(slow!.startedAt!),
    );
    expect(again).toMatchObject({ state: 'running', attempt: 2 });
    // The slow attempt reaches the action: its transaction fails and rolls the action back.
    const late = await dispatch(
      adminEndpoint,
      { mode: 'ApproveVideo', _id: video.id },
      { ...contextFor(staff.actor), heldAction: { id, attempt: slow!.attempt } },
    );
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(HELD_ACTION_MESSAGES.takenAgain);
    const [still] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(still!.isReported).toBe(true);
    expect(await logOf(video.id)).toEqual([]);
    // Its failure is not recorded over the live attempt's row.
    await finishHeldStaffAction(db, { id, attempt: slow!.attempt }, 'late');
    expect(await stored(id)).toMatchObject({ state: 'running', attempt: 2, failure: null });
    // The live attempt carries it out.
    await dispatch(
      adminEndpoint,
      { mode: 'ApproveVideo', _id: video.id },
      { ...contextFor(staff.actor), heldAction: { id, attempt: again!.attempt } },
    );
    expect(await stored(id)).toMatchObject({ state: 'done', attempt: 2 });
    expect(await logOf(video.id)).toMatchObject([{ action: 'approve_video' }]);
  });

  it('a failed attempt of a dead process is taken again and fails the same way, once', async () => {
    const video = await reportedVideo();
    const { id } = await hold('DeleteReportVideo', video.id);
    await db.delete(videos).where(eq(videos.id, video.id));
    const dead = await claimHeldStaffAction({ db, now: () => new Date() }, id);
    await recoverHeldStaffActions(runContext(), just(dead!.startedAt!));
    expect(await stored(id)).toMatchObject({
      state: 'failed',
      attempt: 2,
      failure: "This video doesn't exist",
    });
  });

  it('at start-up, as the database’s only process, takes again what was left running', async () => {
    const video = await reportedVideo();
    const { id } = await hold('ApproveVideo', video.id);
    await claimHeldStaffAction({ db, now: () => new Date() }, id);
    const worker = await startHeldStaffActions(media.queue, runContext(), {
      soleProcess: true,
    });
    await worker.stop();
    expect(await stored(id)).toMatchObject({ state: 'done', attempt: 2 });
    const [after] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(after!.isReported).toBe(false);
  });
});
