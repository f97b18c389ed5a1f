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
import { loadReuploadHold } from './holds.service';
import { getNotificationSettings } from '../../people/notifications/notifications.service';

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
const { user: creator, actor: creatorActor } = await createUser(db, { username: 'holdcreator' });
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

/** A processed upload by `ownerId` whose pictures are `source`'s from 5 s on. */
async function processCopy(ownerId: string, title: string, source = originalFrames) {
  const video = await createVideo(db, { ownerId, title, status: 'processing' });
  const copy = {
    frames: source.slice(10).map((frame, i) => ({ ...frame, position: i })),
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
  const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
  // What the worker logs as the outcome ("transcode finished"): held, or published.
  expect(isDone).toBe(row!.status === 'held' ? 'held' : 'published');
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

const noticesOf = async (userId: string, kind: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (row) => row.kind === kind,
  );

describe('the lineage: the original stays the original', () => {
  it("publishes the creator's upload that matches only copies of her work; holds a third member's copy against her original; tells each person once", async () => {
    const copyist = await createUser(db, { username: 'linecopyist' });
    const third = await createUser(db, { username: 'linethird' });
    const published = await processCopy(copyist.user.id, 'Copy staff let through');
    const refused = await processCopy(copyist.user.id, 'Copy staff refused');
    expect([published.status, refused.status]).toEqual(['held', 'held']);
    const [first] = await db
      .select()
      .from(reuploadHolds)
      .where(eq(reuploadHolds.videoId, published.id));
    expect(first!.originalVideoId).toBe(original.id);
    // The original's owner is told once per copy, naming it, linking to its hold page.
    const creatorNotices = await noticesOf(creator.id, 'reupload_of_yours');
    const aboutPublished = creatorNotices.filter((row) => row.targetTitle === published.title);
    expect(aboutPublished).toHaveLength(1);
    expect(aboutPublished[0]).toMatchObject({
      actorId: copyist.user.id,
      targetPath: `/reuploads/${published.id}`,
    });
    expect(aboutPublished[0]!.detail).toMatch(/^It matches 0:05–0:15 of your “The original”/);
    // Staff are told a held upload waits.
    expect(
      (await noticesOf(staff.user.id, 'reupload_waiting')).some(
        (row) => row.targetTitle === published.title,
      ),
    ).toBe(true);

    expect(
      (await reuploads(staff.actor, 'Release', { _id: published.id, reason: 'Licensed' })).status,
    ).toBe(200);
    expect(
      (await reuploads(staff.actor, 'Reject', { _id: refused.id, reason: 'A copy' })).status,
    ).toBe(200);
    // The original's owner hears both decisions, with the reason.
    const decided = await noticesOf(creator.id, 'reupload_copy_decided');
    expect(decided.map((row) => [row.targetTitle, row.detail])).toEqual(
      expect.arrayContaining([
        [published.title, expect.stringMatching(/^Published: .* Licensed$/)],
        [refused.title, expect.stringMatching(/^Refused: .* A copy$/)],
      ]),
    );

    // The creator uploads her own work again: it matches only copies of it, so it is published
    // and the copyist hears nothing of it.
    const copyistBefore = (
      await db.select().from(notifications).where(eq(notifications.userId, copyist.user.id))
    ).length;
    const again = await processCopy(creator.id, 'My original, trimmed');
    expect(again.status).toBe('published');
    expect(
      (await db.select().from(notifications).where(eq(notifications.userId, copyist.user.id)))
        .length,
    ).toBe(copyistBefore);

    // A third member copies the published copy: held against the creator's original, the
    // creator told once, the copyist not at all.
    const creatorBefore = (await noticesOf(creator.id, 'reupload_of_yours')).length;
    const thirdCopy = await processCopy(third.user.id, 'Copy of the copy');
    expect(thirdCopy.status).toBe('held');
    const [hold] = await db
      .select()
      .from(reuploadHolds)
      .where(eq(reuploadHolds.videoId, thirdCopy.id));
    expect(hold).toMatchObject({ originalVideoId: original.id, matchedVideoId: original.id });
    // A refused copy matches nothing.
    expect(hold!.matches.map((match) => match.videoId)).not.toContain(refused.id);
    expect((await noticesOf(creator.id, 'reupload_of_yours')).length).toBe(creatorBefore + 1);
    expect(
      (await db.select().from(notifications).where(eq(notifications.userId, copyist.user.id)))
        .length,
    ).toBe(copyistBefore);

    // Staff see the lineage: the original, then the copy they let through, who and why.
    const page = await reuploads(staff.actor, 'LoadHeld', { index: 0 });
    const all = [page];
    for (let index = 1; index * 10 < (page.body.count as number); index++) {
      all.push(await reuploads(staff.actor, 'LoadHeld', { index }));
    }
    const item = all
      .flatMap((answer) => answer.body.data as ReuploadHoldAnswer[])
      .find((row) => row.video.id === thirdCopy.id);
    expect(item?.matched?.id).toBe(original.id);
    expect(item?.lineage).toContainEqual(
      expect.objectContaining({
        video: expect.objectContaining({ id: published.id }),
        decidedBy: 'holdstaff',
        reason: 'Licensed',
      }),
    );
    // Every matched video is named to staff.
    expect(item?.matchedVideos.map((side) => side.id)).toEqual(
      expect.arrayContaining(item!.matches.map((match) => match.videoId)),
    );
    // The original's owner may read the copy's hold page; a stranger may not.
    expect((await loadReuploadHold({ db, actor: creatorActor }, thirdCopy.id))?.video.id).toBe(
      thirdCopy.id,
    );
    expect(await loadReuploadHold({ db, actor: other.actor }, thirdCopy.id)).toBeNull();
  });

  it('offers the held-upload notice among the e-mail settings of staff only, in the digest', async () => {
    const kinds = async (actor: Actor) =>
      (await getNotificationSettings({ db, actor })).map((setting) => setting);
    expect((await kinds(copier.actor)).map((setting) => setting.kind)).not.toContain(
      'reupload_waiting',
    );
    expect(await kinds(staff.actor)).toContainEqual({ kind: 'reupload_waiting', email: 'digest' });
  });

  it("names a private match as 'a private video' to the uploader, in the notice and on the page", async () => {
    const secretFrames = frames(30);
    const secret = await createVideo(db, {
      ownerId: creator.id,
      title: 'Never public title',
      status: 'hidden',
      visibility: 'private',
    });
    await storeFingerprint(db, secret.id, {
      sampleCount: 30,
      frames: secretFrames,
      centres: [],
      sound: [],
    });
    const copy = await processCopy(other.user.id, 'Copy of a private video', secretFrames);
    expect(copy.status).toBe('held');
    const [notice] = (await noticesOf(other.user.id, 'reupload_held')).filter(
      (row) => row.targetTitle === copy.title,
    );
    expect(notice!.detail).toContain('a private video');
    expect(notice!.detail).not.toContain('Never public');
    const seen = await loadReuploadHold({ db, actor: other.actor }, copy.id);
    expect(seen).toMatchObject({ matched: null, isMatchPrivate: true, matchedVideos: [] });
    expect(seen!.matches.every((match) => match.videoId === '')).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(secret.id);
    expect(JSON.stringify(seen)).not.toContain('Never public');
    // Staff see everything.
    const staffView = await loadReuploadHold({ db, actor: staff.actor }, copy.id);
    expect(staffView?.matched?.title).toBe('Never public title');
  });
});

interface ReuploadHoldAnswer {
  video: { id: string };
  matched: { id: string } | null;
  matchedVideos: { id: string }[];
  matches: { videoId: string }[];
  lineage: { video: { id: string }; decidedBy: string | null; reason: string | null }[];
}
