import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { createUser } from '../../../../test-support/factories';
import { createTestContext, testListings } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { playlistsEndpoint } from './playlists.endpoints';

const { db } = await createTestDatabase();

const call = (actor: Actor | null, body: object) =>
  dispatch(playlistsEndpoint, body, createTestContext(db, { actor }));

async function setup() {
  const owner = await createUser(db);
  const uploader = await createUser(db);
  const vids = [];
  for (let i = 0; i < 3; i++) {
    vids.push(await createVideo(db, { ownerId: uploader.user.id, title: `Track ${i}` }));
  }
  return { owner, uploader, vids };
}

describe('/api/v2/playlists', () => {
  it('create with a name and thumbnail, add, remove, rename, reorder and delete', async () => {
    const { owner, vids } = await setup();
    const created = await call(owner.actor, {
      mode: 'create',
      name: '  Road trip  ',
      thumbnail: vids[1]!.id,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Road trip', thumbnail: vids[1]!.id, isPublic: true, videoCount: 1 },
    });
    const id = created.body._id as string;
    const added = await call(owner.actor, { mode: 'addVideo', _id: id, videoId: vids[0]!.id });
    expect(added.body).toMatchObject({ _id: id, title: 'Track 0', name: 'Road trip' });
    await call(owner.actor, { mode: 'addVideo', _id: id, videoId: vids[2]!.id });
    expect(
      await call(owner.actor, { mode: 'addVideo', _id: id, videoId: vids[2]!.id }),
    ).toMatchObject({ status: 409, body: { error: 'This video is already in the playlist' } });
    const loaded = await call(null, { mode: 'get', _id: id });
    expect((loaded.body.videos as { _id: string }[]).map((v) => v._id)).toEqual([
      vids[1]!.id,
      vids[0]!.id,
      vids[2]!.id,
    ]);
    expect(loaded.body).toMatchObject({ title: 'Road trip', isOwner: false });

    const order = [vids[2]!.id, vids[1]!.id, vids[0]!.id];
    const reordered = await call(owner.actor, { mode: 'reorder', _id: id, videoIds: order });
    expect(reordered.body.videoIds).toEqual(order);
    expect(
      await call(owner.actor, { mode: 'reorder', _id: id, videoIds: order.slice(1) }),
    ).toMatchObject({
      status: 400,
      body: { error: 'The new order must list every video of the playlist exactly once' },
    });
    expect(
      (await call(owner.actor, { mode: 'reorder', _id: id, videoIds: [...order, order[0]] }))
        .status,
    ).toBe(400);

    const renamed = await call(owner.actor, {
      mode: 'update',
      _id: id,
      name: 'Night drive',
      thumbnail: vids[0]!.id,
    });
    expect(renamed.body).toMatchObject({ name: 'Night drive', thumbnail: vids[0]!.id });
    const outsider = await createVideo(db, { ownerId: owner.user.id });
    expect(
      await call(owner.actor, { mode: 'update', _id: id, thumbnail: outsider.id }),
    ).toMatchObject({
      status: 400,
      body: { error: 'The thumbnail must be one of the videos of the playlist' },
    });
    const removed = await call(owner.actor, { mode: 'removeVideo', _id: id, videoId: vids[0]!.id });
    expect(removed.body).toMatchObject({ videoId: vids[0]!.id });
    expect(
      await call(owner.actor, { mode: 'removeVideo', _id: id, videoId: vids[0]!.id }),
    ).toMatchObject({ status: 404, body: { error: 'This video is not in the playlist' } });
    // The removed thumbnail video falls back to the first remaining one.
    const afterRemoval = await call(owner.actor, { mode: 'get', _id: id });
    expect(afterRemoval.body).toMatchObject({ videoCount: 2, isOwner: true });

    const deleted = await call(owner.actor, { mode: 'delete', _id: id });
    expect(deleted.body).toMatchObject({ _id: id, deleted: true });
    expect(await call(owner.actor, { mode: 'get', _id: id })).toMatchObject({
      status: 404,
      body: { error: "This playlist doesn't exist" },
    });
  });

  it('keeps private playlists to their owner and refuses changes by others', async () => {
    const { owner, vids } = await setup();
    const stranger = await createUser(db);
    const secret = await call(owner.actor, { mode: 'create', name: 'Secret', isPublic: false });
    const open = await call(owner.actor, { mode: 'create', name: 'Open' });
    const secretId = secret.body._id as string;
    const openId = open.body._id as string;
    expect((await call(stranger.actor, { mode: 'get', _id: secretId })).status).toBe(404);
    expect((await call(null, { mode: 'get', _id: secretId })).status).toBe(404);
    expect((await call(owner.actor, { mode: 'get', _id: secretId })).status).toBe(200);
    const listedForOthers = await call(null, { mode: 'list', username: owner.user.username });
    expect((listedForOthers.body.data as { name: string }[]).map((p) => p.name)).toEqual(['Open']);
    const listedForOwner = await call(owner.actor, { mode: 'list', username: owner.user.username });
    expect(listedForOwner.body.count).toBe(2);

    for (const body of [
      { mode: 'addVideo', _id: openId, videoId: vids[0]!.id },
      { mode: 'update', _id: openId, name: 'Mine now' },
      { mode: 'delete', _id: openId },
      { mode: 'reorder', _id: openId, videoIds: [] },
    ]) {
      expect(await call(stranger.actor, body)).toMatchObject({
        status: 403,
        body: { error: 'Only the owner of this playlist can do that' },
      });
    }
    expect((await call(stranger.actor, { mode: 'delete', _id: secretId })).status).toBe(404);
    expect(await call(null, { mode: 'create', name: 'x' })).toMatchObject({
      status: 401,
      body: { error: 'Please sign in first' },
    });
    const unverified = await createUser(db, { emailVerified: false });
    expect((await call(unverified.actor, { mode: 'create', name: 'x' })).status).toBe(403);
    expect(await call(owner.actor, { mode: 'create', name: '   ' })).toMatchObject({
      status: 400,
      body: { error: 'name: A playlist needs a name' },
    });
    const generation = await testListings.currentGeneration();
    const toPrivate = await call(owner.actor, { mode: 'update', _id: openId, isPublic: false });
    expect(toPrivate.body).toMatchObject({ isPublic: false });
    expect((await call(null, { mode: 'get', _id: openId })).status).toBe(404);
    // Pages cached for visitors (the playlist page) are dropped at once.
    expect(await testListings.currentGeneration()).not.toBe(generation);
  });

  it('adds only published videos and lists the add-to menu with hasVideo', async () => {
    const { owner, uploader, vids } = await setup();
    const draft = await createVideo(db, { ownerId: uploader.user.id, status: 'processing' });
    const created = await call(owner.actor, { mode: 'create', name: 'Menu' });
    const id = created.body._id as string;
    expect(await call(owner.actor, { mode: 'addVideo', _id: id, videoId: draft.id })).toMatchObject(
      { status: 404, body: { error: "This video doesn't exist" } },
    );
    await call(owner.actor, { mode: 'addVideo', _id: id, videoId: vids[0]!.id });
    const menu = await call(owner.actor, { mode: 'forVideo', videoId: vids[0]!.id });
    expect(menu.body.data).toEqual([{ _id: id, name: 'Menu', isPublic: true, hasVideo: true }]);
    expect((await call(null, { mode: 'forVideo', videoId: vids[0]!.id })).status).toBe(401);
  });
});
