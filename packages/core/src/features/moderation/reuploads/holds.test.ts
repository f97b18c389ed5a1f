import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { notifications, reuploadHolds, staffActions, videos } from '../../../platform/db/schema';
import { listUnpublishedVideos } from '../staff/moderation.service';
import { createUser } from '../../../../test-support/factories';
import { createTestMediaServices } from '../../../../test-support/media-services';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import {
  listProcessingVideos,
  publishProcessedVideo,
} from '../../videos/processing/video-processing.service';
import type { FrameHash } from './fingerprint';
import { reuploadsEndpoint } from './reuploads.endpoints';
import { findMatches, storeFingerprint } from './reuploads.service';

const handle = await createTestDatabase();
const { db } = handle;
const media = await createTestMediaServices(handle);
const processing = {
  db,
  storage: media.storage,
  queue: media.queue,
  events: media.events,
  now: () => new Date(),
};
const { user: creator } = await createUser(db, { username: 'holdcreator' });
const copier = await createUser(db, { username: 'holdcopier' });
const other = await createUser(db, { username: 'holdother' });
const staff = await createUser(db, { username: 'holdstaff', role: 'moderator' });

const frames = (count: number): FrameHash[] =>
  Array.from({ length: count }, (_, i) => ({
    position: i,
    hash: randomBytes(8).readBigInt64LE(),
  }));
const original = await createVideo(db, { ownerId: creator.id, title: 'The original' });
const originalFrames = frames(30);
await storeFingerprint(db, original.id, {
  sampleCount: 30,
  frames: originalFrames,
  centres: [],
  sound: [],
});

const reuploads = (actor: Actor | null, mode: string, body: object = {}) =>
  dispatch(reuploadsEndpoint, { mode, ...body }, { ...createTestContext(db, { actor }), media });

/** A processed upload by `ownerId` whose pictures are the original's from 5 s on. */
async function processCopy(ownerId: string, title: string) {
  const video = await createVideo(db, { ownerId, title, status: 'processing' });
  const copy = {
    frames: originalFrames.slice(10).map((frame, i) => ({ ...frame, position: i })),
    mirrored: [],
  };
  const matches = await findMatches(db, copy, { videoId: video.id, ownerId });
  const isDone = await publishProcessedVideo(
    processing,
    {
      videoId: video.id,
      mediaPrefix: `videos/${video.id}/v1/`,
      masterPlaylistKey: `videos/${video.id}/v1/hls/master.m3u8`,
      posterKey: `videos/${video.id}/v1/poster.jpg`,
      posterWebpKey: null,
      spritesVttKey: null,
      av1Key: null,
      durationSeconds: 10,
      width: 160,
      height: 90,
      aspectRatio: 16 / 9,
      topQuality: 90,
    },
    matches,
  );
  expect(isDone).toBe(true);
  const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
  return row!;
}

const kindsOf = async (userId: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.kind,
  );

describe('holding a re-upload', () => {
  it("publishes a creator's own re-upload", async () => {
    const video = await processCopy(creator.id, 'My own again');
    expect(video.status).toBe('published');
  });

  it("holds another member's copy, with the matched stretch, and tells both members", async () => {
    const heard: string[] = [];
    const stop = media.events.subscribe((event) => heard.push(event.type), {
      ownerId: copier.user.id,
    });
    const video = await processCopy(copier.user.id, 'A copy').finally(stop);
    expect(video.status).toBe('held');
    // Its owner's processing page hears it is held, not published, and keeps listing it.
    expect(heard).toContain('held');
    expect(heard).not.toContain('published');
    const listed = await listProcessingVideos({ db }, copier.user.id);
    expect(listed.map((row) => [row.id, row.status])).toContainEqual([video.id, 'held']);
    expect(video.publishedAt).toBeNull();
    const [hold] = await db.select().from(reuploadHolds).where(eq(reuploadHolds.videoId, video.id));
    expect(hold).toMatchObject({ state: 'held', matchedVideoId: original.id });
    expect(hold!.matches[0]).toMatchObject({ videoId: original.id, queryStart: 0, matchStart: 5 });
    expect(await kindsOf(copier.user.id)).toContain('reupload_held');
    expect(await kindsOf(creator.id)).toContain('reupload_of_yours');
    expect(await kindsOf(copier.user.id)).not.toContain('video_processed');
  });

  it('lets the uploader dispute, and nobody else', async () => {
    const video = await processCopy(copier.user.id, 'Disputed copy');
    const empty = await reuploads(copier.actor, 'Dispute', { _id: video.id, text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/text/);
    const stranger = await reuploads(other.actor, 'Dispute', { _id: video.id, text: 'Mine' });
    expect(stranger.status).toBe(404);
    const ok = await reuploads(copier.actor, 'Dispute', {
      _id: video.id,
      text: 'I filmed this myself',
    });
    expect(ok.status).toBe(200);
    const [hold] = await db.select().from(reuploadHolds).where(eq(reuploadHolds.videoId, video.id));
    expect(hold!.dispute).toBe('I filmed this myself');
  });

  it('shows staff the queue with both videos; nobody else', async () => {
    const video = await processCopy(copier.user.id, 'Queued copy');
    expect((await reuploads(copier.actor, 'LoadHeld')).status).toBe(403);
    const page = await reuploads(staff.actor, 'LoadHeld');
    expect(page.status).toBe(200);
    const item = (page.body.data as { video: { id: string }; matched: { id: string } }[]).find(
      (row) => row.video.id === video.id,
    );
    expect(item?.matched.id).toBe(original.id);
  });

  it('releases: published, logged, the uploader told; a second decision is refused', async () => {
    const video = await processCopy(copier.user.id, 'Released copy');
    expect((await reuploads(copier.actor, 'Release', { _id: video.id })).status).toBe(403);
    const released = await reuploads(staff.actor, 'Release', { _id: video.id, reason: 'Licensed' });
    expect(released.status).toBe(200);
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.status).toBe('published');
    expect(row!.publishedAt).not.toBeNull();
    const [logged] = await db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetId, video.id), eq(staffActions.action, 'release_reupload')));
    expect(logged).toMatchObject({ actorId: staff.user.id, reason: 'Licensed' });
    expect(await kindsOf(copier.user.id)).toContain('reupload_decided');
    const again = await reuploads(staff.actor, 'Reject', { _id: video.id });
    expect(again.status).toBe(409);
  });

  it('refuses: unpublished by staff, in the unpublished list with the reason', async () => {
    const video = await processCopy(copier.user.id, 'Refused copy');
    const refused = await reuploads(staff.actor, 'Reject', { _id: video.id, reason: 'A copy' });
    expect(refused.status).toBe(200);
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.status).toBe('unpublished_admin');
    const list = await listUnpublishedVideos(db);
    expect(list.data.find((item) => item._id === video.id)?.reason).toBe('A copy');
  });
});
