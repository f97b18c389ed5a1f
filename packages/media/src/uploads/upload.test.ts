import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { copyFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@cutroom/core/kernel/errors/service-error';
import { videoLabels, videos } from '@cutroom/core/platform/db/schema';
import {
  transcodeDeadLetterJob,
  transcodeVideoJob,
} from '@cutroom/core/platform/jobs/job-definitions';
import { JobQueue } from '@cutroom/core/platform/jobs/job-queue';
import { LocalStorage } from '@cutroom/core/platform/storage/local-storage';
import { createUser } from '@cutroom/core/test-support/factories';
import { createTestDatabase } from '@cutroom/core/test-support/test-db';
import type { UploadedFiles } from '@cutroom/core/platform/uploads/uploaded-files';
import { InProcessEvents } from '@cutroom/core/platform/events/processing-events';
import { generateTestVideo } from '../../test-support/test-video';
import { OUT_OF_SPACE_MESSAGE, publishUpload, UPLOAD_GONE_MESSAGE } from './upload.service';

const handle = await createTestDatabase();
const { db } = handle;
const work = mkdtempSync(join(tmpdir(), 'cutroom-upload-test-'));
const uploadDir = join(work, 'uploads');
const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
const events = new InProcessEvents();
let queue: JobQueue;
const sample = join(work, 'sample.mp4');

/** The upload server's files as a plain folder: `{id}` holds the bytes, owners kept beside. */
const owners = new Map<string, string>();
const uploads: UploadedFiles = {
  async find(id) {
    const path = join(uploadDir, id);
    if (!existsSync(path)) return null;
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(path));
    return { id, ownerId: owners.get(id) ?? null, path, size, offset: size };
  },
  async remove(id) {
    owners.delete(id);
    await rm(join(uploadDir, id), { force: true });
  },
};

async function receive(id: string, ownerId: string, from: string | Buffer) {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(uploadDir, { recursive: true });
  if (typeof from === 'string') await copyFile(from, join(uploadDir, id));
  else writeFileSync(join(uploadDir, id), from);
  owners.set(id, ownerId);
}

const uploadId = (n: number) => n.toString(16).padStart(32, '0');

beforeAll(async () => {
  queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
  await generateTestVideo({
    path: sample,
    width: 320,
    height: 180,
    seconds: 2,
    preset: 'ultrafast',
  });
});
afterAll(async () => {
  await queue.stop({ graceful: false });
  await rm(work, { recursive: true, force: true });
});

const context = (actor: Awaited<ReturnType<typeof createUser>>['actor'] | null) => ({
  db,
  storage,
  queue,
  events,
  uploads,
  actor,
  now: () => new Date(),
});

describe('publishUpload', () => {
  it('turns a finished upload into a processing video with its labels and job', async () => {
    const { actor } = await createUser(db);
    await receive(uploadId(1), actor.id, sample);
    const video = await publishUpload(context(actor), {
      uploadId: uploadId(1),
      title: 'Test pattern',
      category: 'pmv',
      isExplicit: true,
      labels: { tag: ['blue', 'blue', 'bars'], music: ['Sine'] },
    });
    expect(video).toMatchObject({ title: 'Test pattern', status: 'processing', ownerId: actor.id });
    expect(video.slug).toBe('test-pattern');
    const labels = await db.select().from(videoLabels);
    expect(labels.map((l) => `${l.kind}:${l.name}`).sort()).toEqual([
      'music:Sine',
      'tag:bars',
      'tag:blue',
    ]);
    expect(await storage.stat(`videos/${video.id}/source/original`)).not.toBeNull();
    expect(await uploads.find(uploadId(1))).toBeNull();
    expect(await queue.boss.getJobById(transcodeVideoJob.name, video.jobId!)).toBeTruthy();
  });

  it('refuses a text file named .mp4 and leaves nothing behind', async () => {
    const { actor } = await createUser(db);
    await receive(uploadId(2), actor.id, Buffer.from('this is not a video at all\n'.repeat(100)));
    const before = await db.select().from(videos);
    const refusal = publishUpload(context(actor), { uploadId: uploadId(2), title: 'Fake' });
    await expect(refusal).rejects.toThrow(ServiceError);
    await expect(refusal).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/not a video/),
    });
    expect(await db.select().from(videos)).toHaveLength(before.length);
    expect(await uploads.find(uploadId(2))).toBeNull();
    const stored = await storage.list('videos/');
    expect(
      stored.filter((object) => !before.some((video) => object.key.includes(video.id))),
    ).toEqual([]);
  });

  it("refuses someone else's upload as if it did not exist", async () => {
    const { actor: owner } = await createUser(db);
    const { actor: other } = await createUser(db);
    await receive(uploadId(3), owner.id, sample);
    await expect(
      publishUpload(context(other), { uploadId: uploadId(3), title: 'Mine now' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      message: UPLOAD_GONE_MESSAGE,
    });
    expect(await uploads.find(uploadId(3))).not.toBeNull();
  });

  it('needs a signed-in, verified member', async () => {
    const { actor } = await createUser(db, { emailVerified: false });
    await expect(
      publishUpload(context(null), { uploadId: uploadId(4), title: 'x' }),
    ).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    await expect(
      publishUpload(context(actor), { uploadId: uploadId(4), title: 'x' }),
    ).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });

  it('answers 507 with a clear message when the disk fills while the source is stored', async () => {
    const { actor } = await createUser(db);
    await receive(uploadId(6), actor.id, sample);
    const before = await db.select().from(videos);
    const storedBefore = await storage.list('videos/');
    // The disk fills while the source is copied into storage.
    const full = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
    full.putFile = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, copyfile'), {
        code: 'ENOSPC',
      });
    };
    const refusal = publishUpload(
      { ...context(actor), storage: full },
      { uploadId: uploadId(6), title: 'No room' },
    );
    await expect(refusal).rejects.toThrow(ServiceError);
    await expect(refusal).rejects.toMatchObject({
      kind: 'insufficient_storage',
      status: 507,
      message: OUT_OF_SPACE_MESSAGE,
    });
    expect(await db.select().from(videos)).toHaveLength(before.length);
    expect(await storage.list('videos/')).toHaveLength(storedBefore.length);
    expect(await uploads.find(uploadId(6))).toBeNull();
  });

  it('asks for a title', async () => {
    const { actor } = await createUser(db);
    await receive(uploadId(5), actor.id, sample);
    await expect(
      publishUpload(context(actor), { uploadId: uploadId(5), title: '  ' }),
    ).rejects.toThrow(/A title is required/);
    expect(await readdir(uploadDir)).toContain(uploadId(5));
  });
});
