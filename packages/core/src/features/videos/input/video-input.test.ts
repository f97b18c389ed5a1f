import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { videoLabels, videos } from '../../../platform/db/schema';
import { transcodeDeadLetterJob, transcodeVideoJob } from '../../../platform/jobs/job-definitions';
import { JobQueue } from '../../../platform/jobs/job-queue';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { InProcessEvents } from '../../../platform/events/processing-events';
import { videoInputEndpoint } from './video-input.endpoints';

const handle = await createTestDatabase();
const { db } = handle;
const root = mkdtempSync(join(tmpdir(), 'cutroom-video-input-'));
const storage = new LocalStorage({ root, publicBaseUrl: '/media' });
const queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
const media = {
  storage,
  queue,
  events: new InProcessEvents(),
  uploads: { find: async () => null, remove: async () => {} },
};
afterAll(async () => {
  await queue.stop({ graceful: false });
  rmSync(root, { recursive: true, force: true });
});

const call = (actor: Awaited<ReturnType<typeof createUser>>['actor'] | null, body: object) =>
  dispatch(videoInputEndpoint, body, { ...createTestContext(db, { actor }), media });
const statusOf = async (id: string) =>
  (await db.select({ status: videos.status }).from(videos).where(eq(videos.id, id)))[0]?.status;

describe('/api/v2/videoInput', () => {
  it('ChangeVideo edits the details and replaces labels, with the site message (docs/messages.md)', async () => {
    const { user, actor } = await createUser(db);
    const video = await createVideo(db, {
      ownerId: user.id,
      labels: { tag: ['old'], music: ['keep'] },
    });
    const result = await call(actor, {
      mode: 'ChangeVideo',
      _id: video.id,
      title: 'New title',
      category: 'hmv',
      isExplicit: true,
      labels: { tag: ['fresh', 'Fresh', 'new'] },
    });
    expect(result.status).toBe(200);
    expect(result.body.Message).toBe("You've successfully edited the video");
    expect(result.body.video).toMatchObject({ title: 'New title', slug: 'new-title' });
    const labels = await db.select().from(videoLabels).where(eq(videoLabels.videoId, video.id));
    expect(labels.map((label) => `${label.kind}:${label.name}`).sort()).toEqual([
      'music:keep',
      'tag:fresh',
      'tag:new',
    ]);
  });

  it('refuses visitors, strangers and bad input', async () => {
    const { user } = await createUser(db);
    const { actor: stranger } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id });
    expect((await call(null, { mode: 'unpublish', _id: video.id })).status).toBe(401);
    const refused = await call(stranger, { mode: 'ChangeVideo', _id: video.id, title: 'Mine' });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'Only the owner of this video can do that' },
    });
    expect((await call(stranger, { mode: 'ChangeVideo', _id: video.id, title: '' })).status).toBe(
      400,
    );
    expect((await call(stranger, { mode: 'Nope', _id: video.id })).status).toBe(400);
    expect((await call(stranger, { mode: 'delete', _id: 'missing123' })).body.error).toBe(
      "This video doesn't exist",
    );
  });

  it('unpublish and publish again, by the owner; an admin may unpublish too', async () => {
    const { user, actor } = await createUser(db);
    const { actor: admin } = await createUser(db, { role: 'admin' });
    const video = await createVideo(db, { ownerId: user.id });
    expect((await call(actor, { mode: 'unpublish', _id: video.id })).status).toBe(200);
    expect(await statusOf(video.id)).toBe('unpublished_user');
    expect((await call(actor, { mode: 'unpublish', _id: video.id })).status).toBe(409);
    expect((await call(actor, { mode: 'publish', _id: video.id })).status).toBe(200);
    expect(await statusOf(video.id)).toBe('published');
    expect((await call(admin, { mode: 'unpublish', _id: video.id })).status).toBe(200);
  });

  it('cancel removes a processing video; retry sends a failed one back; delete removes any', async () => {
    const { user, actor } = await createUser(db);
    const processing = await createVideo(db, { ownerId: user.id, status: 'processing' });
    await storage.putBytes(`videos/${processing.id}/source/original`, 'bytes');
    expect((await call(actor, { mode: 'cancel', _id: processing.id })).status).toBe(200);
    expect(await statusOf(processing.id)).toBeUndefined();
    expect(await storage.list(`videos/${processing.id}/`)).toEqual([]);

    const failed = await createVideo(db, {
      ownerId: user.id,
      status: 'failed',
      failureReason: 'broken',
    });
    const retried = await call(actor, { mode: 'retry', _id: failed.id });
    expect(retried.body.video).toMatchObject({ status: 'processing', failureReason: null });

    const published = await createVideo(db, { ownerId: user.id });
    expect((await call(actor, { mode: 'cancel', _id: published.id })).status).toBe(409);
    expect((await call(actor, { mode: 'delete', _id: published.id })).status).toBe(200);
    expect(await statusOf(published.id)).toBeUndefined();
  });
});
