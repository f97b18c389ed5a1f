import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { videos, videoVotes } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { videoInputEndpoint } from '../../videos/input/video-input.endpoints';

const { db } = await createTestDatabase();

const call = (actor: Actor | null, body: object) =>
  dispatch(videoInputEndpoint, body, createTestContext(db, { actor }));
const countsOf = async (id: string) =>
  (
    await db
      .select({ upvotes: videos.upvotes, downvotes: videos.downvotes })
      .from(videos)
      .where(eq(videos.id, id))
  )[0];

describe('/api/v2/videoInput: Upvote and Downvote', () => {
  it('counts a vote, refuses the same vote twice with the site message (docs/messages.md), lets it switch', async () => {
    const { user } = await createUser(db);
    const { actor } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id });
    const up = await call(actor, { mode: 'Upvote', _id: video.id });
    expect(up).toMatchObject({
      status: 200,
      body: { video: { _id: video.id, upvotes: 1, downvotes: 0 }, ratio: 100 },
    });
    const again = await call(actor, { mode: 'Upvote', _id: video.id });
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: "You've already upvoted this",
        Message: "You've already upvoted this",
        ratio: 100,
      },
    });
    const down = await call(actor, { mode: 'Downvote', _id: video.id });
    expect(down.body).toMatchObject({ video: { upvotes: 0, downvotes: 1 }, ratio: 0 });
    expect(await call(actor, { mode: 'Downvote', _id: video.id })).toMatchObject({
      status: 409,
      body: { Message: "You've already downvoted this" },
    });
    const { actor: second } = await createUser(db);
    expect((await call(second, { mode: 'Upvote', _id: video.id })).body.ratio).toBe(50);
    expect(await countsOf(video.id)).toEqual({ upvotes: 1, downvotes: 1 });
    const votes = await db.select().from(videoVotes).where(eq(videoVotes.videoId, video.id));
    expect(votes.length).toBe(2);
  });

  it('keeps the counters exact under concurrent votes', async () => {
    const { user } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id });
    const voters = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
    const results = await Promise.all(
      voters.flatMap(({ actor }, i) => [
        call(actor, { mode: i % 2 ? 'Upvote' : 'Downvote', _id: video.id }),
        call(actor, { mode: i % 2 ? 'Upvote' : 'Downvote', _id: video.id }),
      ]),
    );
    expect(results.filter((result) => result.status === 200).length).toBe(6);
    expect(results.filter((result) => result.status === 409).length).toBe(6);
    expect(await countsOf(video.id)).toEqual({ upvotes: 3, downvotes: 3 });
  });

  it('refuses visitors, unverified accounts, missing and unpublished videos', async () => {
    const { user, actor: owner } = await createUser(db);
    const { actor: unverified } = await createUser(db, { emailVerified: false });
    const { actor } = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id });
    const draft = await createVideo(db, { ownerId: user.id, status: 'unpublished_user' });
    const pulled = await createVideo(db, { ownerId: user.id, status: 'unpublished_admin' });
    expect(await call(null, { mode: 'Upvote', _id: video.id })).toMatchObject({
      status: 401,
      body: { error: 'Please sign in first' },
    });
    expect(await call(unverified, { mode: 'Downvote', _id: video.id })).toMatchObject({
      status: 403,
      body: {
        error:
          "Your email isn't verified. Please check your inbox or request a new verification email",
      },
    });
    expect(await call(actor, { mode: 'Upvote', _id: 'missing123' })).toMatchObject({
      status: 404,
      body: { error: "This video doesn't exist" },
    });
    // A signed-in member is not told to sign in (401): the video is not there for them.
    for (const request of [
      { mode: 'Upvote', _id: draft.id },
      { mode: 'Downvote', _id: pulled.id },
      { mode: 'favorite', _id: pulled.id },
    ]) {
      expect(await call(actor, request)).toMatchObject({
        status: 404,
        body: { error: 'This video is not accessible anymore' },
      });
    }
    expect((await call(owner, { mode: 'Upvote', _id: draft.id })).status).toBe(409);
    expect((await call(actor, { mode: 'Upvote' })).status).toBe(400);
    expect(await countsOf(video.id)).toEqual({ upvotes: 0, downvotes: 0 });
  });
});

describe('/api/v2/videoInput: favorite', () => {
  it('toggles, sets explicitly, lists isFavoritedBy and unfavorite removes', async () => {
    const { user } = await createUser(db);
    const fan = await createUser(db);
    const other = await createUser(db);
    const video = await createVideo(db, { ownerId: user.id });
    const first = await call(fan.actor, { mode: 'favorite', _id: video.id });
    expect(first.body.video).toEqual({
      _id: video.id,
      isFavorited: true,
      favoritesCount: 1,
      isFavoritedBy: [fan.user.username],
    });
    const explicit = await call(fan.actor, { mode: 'favorite', _id: video.id, favorite: true });
    expect(explicit.body.video).toMatchObject({ isFavorited: true, favoritesCount: 1 });
    const second = await call(other.actor, { mode: 'favorite', _id: video.id });
    expect(second.body.video).toMatchObject({ favoritesCount: 2 });
    expect((second.body.video as { isFavoritedBy: string[] }).isFavoritedBy.sort()).toEqual(
      [fan.user.username, other.user.username].sort(),
    );
    const toggled = await call(fan.actor, { mode: 'favorite', _id: video.id });
    expect(toggled.body.video).toMatchObject({ isFavorited: false, favoritesCount: 1 });
    const removed = await call(other.actor, { mode: 'unfavorite', _id: video.id });
    expect(removed.body.video).toMatchObject({
      isFavorited: false,
      favoritesCount: 0,
      isFavoritedBy: [],
    });
  });

  it('refuses visitors, unverified accounts and videos others cannot see', async () => {
    const { user } = await createUser(db);
    const { actor } = await createUser(db);
    const { actor: unverified } = await createUser(db, { emailVerified: false });
    const video = await createVideo(db, { ownerId: user.id });
    const hidden = await createVideo(db, { ownerId: user.id, status: 'processing' });
    expect((await call(null, { mode: 'favorite', _id: video.id })).status).toBe(401);
    expect((await call(unverified, { mode: 'favorite', _id: video.id })).status).toBe(403);
    expect((await call(actor, { mode: 'favorite', _id: hidden.id })).status).toBe(404);
    expect((await call(actor, { mode: 'favorite', _id: video.id, favorite: 'yes' })).status).toBe(
      400,
    );
  });
});
