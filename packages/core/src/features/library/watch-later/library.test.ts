import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { libraryEndpoint } from './library.endpoints';
import { MAX_STATE_VIDEOS } from './library.schema';

const { db } = await createTestDatabase();

let clock = Date.parse('2026-03-01T12:00:00Z');
const call = (actor: Actor | null, body: object) =>
  dispatch(libraryEndpoint, body, createTestContext(db, { actor, now: () => new Date(clock++) }));

async function memberWithVideos(count = 3) {
  const { actor } = await createUser(db);
  const { user: owner } = await createUser(db);
  const list = [];
  for (let i = 0; i < count; i++) list.push(await createVideo(db, { ownerId: owner.id }));
  return { actor, videos: list };
}

describe('/api/v2/library: Watch later', () => {
  it('saves, lists newest first, moves a saved one back to the top and removes', async () => {
    const { actor, videos } = await memberWithVideos();
    for (const video of videos) {
      expect((await call(actor, { mode: 'AddWatchLater', videoId: video.id })).body).toMatchObject({
        videoId: video.id,
        inWatchLater: true,
      });
    }
    await call(actor, { mode: 'AddWatchLater', videoId: videos[0]!.id });
    const listed = await call(actor, { mode: 'ListWatchLater', index: 0 });
    expect(listed.status).toBe(200);
    expect((listed.body.data as { _id: string }[]).map((video) => video._id)).toEqual([
      videos[0]!.id,
      videos[2]!.id,
      videos[1]!.id,
    ]);
    expect(listed.body).toMatchObject({ count: 3, index: 0, hasMore: false });

    const removed = await call(actor, { mode: 'RemoveWatchLater', videoId: videos[2]!.id });
    expect(removed.body).toMatchObject({ inWatchLater: false, removed: true });
    expect(
      (await call(actor, { mode: 'RemoveWatchLater', videoId: videos[2]!.id })).body.removed,
    ).toBe(false);
    const state = await call(actor, {
      mode: 'LibraryState',
      videoIds: videos.map((video) => video.id),
    });
    expect((state.body.watchLater as string[]).sort()).toEqual(
      [videos[0]!.id, videos[1]!.id].sort(),
    );
  });

  it('refuses unpublished and missing videos, and keeps each list to its member', async () => {
    const { actor, videos } = await memberWithVideos(1);
    const { actor: other } = await createUser(db);
    const hidden = await createVideo(db, { ownerId: other.id, status: 'unpublished_user' });
    for (const videoId of [hidden.id, 'missing123']) {
      const refused = await call(actor, { mode: 'AddWatchLater', videoId });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("This video doesn't exist");
    }
    await call(actor, { mode: 'AddWatchLater', videoId: videos[0]!.id });
    expect((await call(other, { mode: 'ListWatchLater' })).body.count).toBe(0);
    expect(
      (await call(other, { mode: 'LibraryState', videoIds: [videos[0]!.id] })).body.watchLater,
    ).toEqual([]);
  });

  it('asks visitors to sign in and refuses bad input by naming the field', async () => {
    const visitor = await call(null, { mode: 'ListWatchLater' });
    expect(visitor.status).toBe(401);
    const { actor } = await createUser(db);
    const unverified = (await createUser(db, { emailVerified: false })).actor;
    // An unverified e-mail is told to verify it first.
    expect((await call(unverified, { mode: 'AddWatchLater', videoId: 'abcdef12' })).status).toBe(
      403,
    );
    const tooMany = await call(actor, {
      mode: 'LibraryState',
      videoIds: Array.from({ length: MAX_STATE_VIDEOS + 1 }, (_, i) => `video${i}xx`),
    });
    expect(tooMany.status).toBe(400);
    expect(String(tooMany.body.error)).toContain('videoIds');
    const badId = await call(actor, { mode: 'AddWatchLater', videoId: '../etc' });
    expect(badId.status).toBe(400);
    expect(String(badId.body.error)).toContain('videoId');
  });
});

describe('/api/v2/library: continue watching', () => {
  it('keeps the place in a started video, forgets it at the start and the end', async () => {
    const { actor, videos } = await memberWithVideos(3);
    const [a, b, c] = videos as [(typeof videos)[0], (typeof videos)[0], (typeof videos)[0]];
    const save = (videoId: string, position: number, duration = 120) =>
      call(actor, { mode: 'SaveProgress', videoId, position, duration });
    expect((await save(a.id, 42.7)).body).toMatchObject({ videoId: a.id, kept: true });
    expect((await save(b.id, 60)).body.kept).toBe(true);
    expect((await save(c.id, 3)).body.kept).toBe(false);

    const state = await call(actor, { mode: 'LibraryState', videoIds: [a.id, b.id, c.id] });
    expect(state.body.progress).toEqual(
      expect.arrayContaining([
        { videoId: a.id, position: 42, duration: 120 },
        { videoId: b.id, position: 60, duration: 120 },
      ]),
    );
    expect((state.body.progress as unknown[]).length).toBe(2);

    const row = await call(actor, { mode: 'ContinueWatching' });
    expect((row.body.data as { _id: string }[]).map((video) => video._id)).toEqual([b.id, a.id]);
    expect((row.body.data as { position: number }[])[1]!.position).toBe(42);

    // Watched to the end: the video leaves the row and starts from the beginning again.
    expect((await save(b.id, 115)).body.kept).toBe(false);
    const after = await call(actor, { mode: 'ContinueWatching' });
    expect((after.body.data as { _id: string }[]).map((video) => video._id)).toEqual([a.id]);
  });

  it('refuses positions that are not times and videos one cannot watch', async () => {
    const { actor, videos } = await memberWithVideos(1);
    const videoId = videos[0]!.id;
    for (const [body, field] of [
      [{ videoId, position: -1, duration: 100 }, 'position'],
      [{ videoId, position: 10, duration: 0 }, 'duration'],
      [{ videoId, position: 'soon', duration: 100 }, 'position'],
      [{ videoId, position: 10, duration: 1e9 }, 'duration'],
    ] as const) {
      const refused = await call(actor, { mode: 'SaveProgress', ...body });
      expect(refused.status).toBe(400);
      expect(String(refused.body.error)).toContain(field);
    }
    const { actor: other } = await createUser(db);
    const processing = await createVideo(db, { ownerId: other.id, status: 'processing' });
    const hidden = await call(actor, {
      mode: 'SaveProgress',
      videoId: processing.id,
      position: 30,
      duration: 100,
    });
    expect(hidden.status).toBe(404);
    expect((await call(null, { mode: 'ContinueWatching' })).status).toBe(401);
  });
});
