import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../api/dispatch';
import type { Actor } from '../api/endpoint';
import { heldStaffActions, staffActions, videos } from '../db/schema';
import { createUser } from '../testing/factories';
import { createTestMediaServices } from '../testing/media-services';
import { createTestContext } from '../testing/test-context';
import { createTestDatabase } from '../testing/test-db';
import { createVideo } from '../testing/video-factory';
import { adminEndpoint } from './admin.endpoints';
import { runHeldStaffAction } from './held-actions.runner';
import { countQueues, listReportedVideos } from './moderation.service';
import { heldStaffActionJob, UNDO_WINDOW_SECONDS } from './held-actions.service';

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
