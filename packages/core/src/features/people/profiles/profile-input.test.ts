import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor, MediaServices } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { users } from '../../../platform/db/schema';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { createUser } from '../../../../test-support/factories';
import { createTestContext, testListings } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { profileInputEndpoint, removeFriendEndpoint } from './profile-input.endpoints';

const { db } = await createTestDatabase();
const root = mkdtempSync(join(tmpdir(), 'cutroom-profile-'));
const storage = new LocalStorage({ root, publicBaseUrl: '/media' });
const media = { storage } as unknown as MediaServices;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const call = (actor: Actor | null, body: object) =>
  dispatch(profileInputEndpoint, body, { ...createTestContext(db, { actor }), media });

const UNVERIFIED =
  "Your email isn't verified. Please check your inbox or request a new verification email";

describe('/api/v2/profileInput: profiles', () => {
  it('getYourProfile answers the own profile with derived counters; visitors get 401', async () => {
    const { user, actor } = await createUser(db, { isSupporter: true, role: 'tagger' });
    await createVideo(db, { ownerId: user.id });
    await createVideo(db, { ownerId: user.id, status: 'processing' });
    const result = await call(actor, { mode: 'getYourProfile' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      data: { username: user.username, isSelf: true, friendship: 'self' },
      videosLength: 1,
      favoritesLength: 0,
      playlistsLength: 0,
      friendsLength: 0,
      subscriptionsLength: 0,
    });
    const ranks = (result.body.data as { ranks: { name: string }[] }).ranks.map((r) => r.name);
    expect(ranks).toEqual(['Tagger', 'Supporter', 'Uploader']);
    expect(await call(null, { mode: 'getYourProfile' })).toMatchObject({
      status: 401,
      body: { error: 'Please sign in first' },
    });
  });

  it('refuses an unverified account with the verification message', async () => {
    const { actor } = await createUser(db, { emailVerified: false });
    expect(await call(actor, { mode: 'getYourProfile' })).toMatchObject({
      status: 403,
      body: { error: UNVERIFIED },
    });
    expect((await call(actor, { mode: 'UpdateProfile', description: 'x' })).status).toBe(403);
  });

  it('VerifyEmail reports the verified state of the caller', async () => {
    const { actor } = await createUser(db);
    expect(await call(actor, { mode: 'VerifyEmail' })).toMatchObject({
      status: 200,
      body: { data: { emailVerified: true } },
    });
    expect((await call(null, { mode: 'VerifyEmail' })).status).toBe(401);
  });

  it('UpdateProfile validates and normalises links; LoadProfile shows them to anyone', async () => {
    const { user, actor } = await createUser(db);
    const generation = await testListings.currentGeneration();
    const saved = await call(actor, {
      mode: 'UpdateProfile',
      description: '  I cut <b>videos</b>  ',
      website: 'https://cut.example.org/me',
      twitter: 'https://x.com/cutter_1',
      discord: 'cutter.one',
      patreon: 'https://www.patreon.com/cutter',
      bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Message).toBe('Your profile has been saved');
    // The profile page cached for visitors is dropped at once.
    expect(await testListings.currentGeneration()).not.toBe(generation);
    const loaded = await call(null, { mode: 'LoadProfile', username: user.username.toUpperCase() });
    expect(loaded.body.data).toMatchObject({
      username: user.username,
      description: 'I cut <b>videos</b>',
      website: 'https://cut.example.org/me',
      twitter: 'cutter_1',
      discord: 'cutter.one',
      patreon: 'cutter',
      isSelf: false,
    });
    for (const [field, value, message] of [
      ['website', 'javascript:alert(1)', 'website: enter a full address starting with https://'],
      ['twitter', 'not a handle!', 'twitter: a handle is 1 to 15 letters, digits or underscores'],
      ['bitcoin', '1notAnAddress', 'bitcoin: not a valid Bitcoin address'],
      ['ethereum', '0x123', 'ethereum: an address is 0x followed by 40 hexadecimal digits'],
    ]) {
      expect(await call(actor, { mode: 'UpdateProfile', [field!]: value })).toMatchObject({
        status: 400,
        body: { error: message },
      });
    }
    const cleared = await call(actor, { mode: 'UpdateProfile', website: '' });
    expect((cleared.body.data as { website: string }).website).toBe('');
    // Control characters go, line breaks stay; NUL (PostgreSQL cannot store it) is refused.
    const controls = await call(actor, {
      mode: 'UpdateProfile',
      description: 'one\u0007two\r\nthree',
    });
    expect((controls.body.data as { description: string }).description).toBe('onetwo\nthree');
    expect(await call(actor, { mode: 'UpdateProfile', description: 'a\u0000b' })).toMatchObject({
      status: 400,
      body: { error: 'description: text may not contain NUL characters' },
    });
    expect((await call(null, { mode: 'LoadProfile', username: 'nobody-here' })).body).toMatchObject(
      { error: "This user doesn't exist", httpStatusCode: 404 },
    );
  });

  it('UpdateAvatar re-encodes an image to a 256 px WebP and refuses anything else', async () => {
    const { user, actor } = await createUser(db);
    const dir = mkdtempSync(join(tmpdir(), 'cutroom-avatar-src-'));
    try {
      const png = join(dir, 'in.png');
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', 'testsrc=size=640x360', '-frames:v', '1', png],
      ]);
      const image = `data:image/png;base64,${readFileSync(png).toString('base64')}`;
      const generation = await testListings.currentGeneration();
      const result = await call(actor, { mode: 'UpdateAvatar', image });
      expect(result.status).toBe(200);
      expect(await testListings.currentGeneration()).not.toBe(generation);
      const avatar = (result.body.data as { avatar: string }).avatar;
      expect(avatar).toMatch(new RegExp(`^/media/avatars/${user.id}/v[0-9a-f]+\\.webp$`));
      const key = avatar.slice('/media/'.length);
      const stored = readFileSync(join(root, key));
      expect(stored.subarray(8, 12).toString()).toBe('WEBP');
      const probe = execFileSync('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
        ...['-of', 'csv=p=0', join(root, key)],
      ]).toString();
      expect(probe.trim()).toBe('256,256');
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row!.image).toBe(avatar);

      const notImage = Buffer.from('%PDF-1.4 not an image at all').toString('base64');
      expect(await call(actor, { mode: 'UpdateAvatar', image: notImage })).toMatchObject({
        status: 400,
        body: {
          error: 'This file is not an image we can read. Please choose a JPEG, PNG, WebP or GIF',
        },
      });
      // Right magic bytes, broken body: ffmpeg's refusal becomes the same message.
      const broken = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64, 7),
      ]).toString('base64');
      expect((await call(actor, { mode: 'UpdateAvatar', image: broken })).status).toBe(400);
      expect((await call(null, { mode: 'UpdateAvatar', image })).status).toBe(401);

      const withAvatar = await testListings.currentGeneration();
      expect((await call(actor, { mode: 'RemoveAvatar' })).status).toBe(200);
      expect(await testListings.currentGeneration()).not.toBe(withAvatar);
      const [after] = await db.select().from(users).where(eq(users.id, user.id));
      expect(after!.image).toBeNull();
      expect(await storage.list(`avatars/${user.id}/`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('LoadProfileVideos pages 20 a page and shows processing videos only to the owner', async () => {
    const { user, actor } = await createUser(db);
    const { actor: other } = await createUser(db);
    for (let i = 0; i < 21; i++) await createVideo(db, { ownerId: user.id, title: `Clip ${i}` });
    await createVideo(db, { ownerId: user.id, status: 'processing', progress: 42, title: 'Soon' });
    const own = await call(actor, { mode: 'LoadProfileVideos', username: user.username });
    expect(own.body).toMatchObject({ count: 21, videosLength: 21, hasMore: true });
    expect((own.body.videos as unknown[]).length).toBe(20);
    expect(own.body.processingVideos).toMatchObject([{ title: 'Soon', progress: 42 }]);
    const seen = await call(other, {
      mode: 'LoadProfileVideos',
      username: user.username,
      index: 1,
    });
    expect((seen.body.videos as unknown[]).length).toBe(1);
    expect(seen.body.processingVideos).toEqual([]);
    expect((await call(null, { mode: 'LoadProfileVideos', username: user.username })).status).toBe(
      200,
    );
  });

  it('LoadProfileFavorites lists published favorites', async () => {
    const { user } = await createUser(db);
    const page = await call(null, { mode: 'LoadProfileFavorites', username: user.username });
    expect(page.body).toMatchObject({ videos: [], count: 0, favoritesLength: 0 });
  });
});

describe('/api/v2/profileInput: friends', () => {
  it('request, accept, list and unfriend through /api/removeFriend', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const sent = await call(a.actor, { mode: 'SendFriendRequest', username: b.user.username });
    expect(sent.body.data).toMatchObject({ friendship: 'requested' });
    expect(
      await call(a.actor, { mode: 'SendFriendRequest', username: b.user.username }),
    ).toMatchObject({
      status: 409,
      body: { error: 'You have already sent a friend request to this user' },
    });
    const pending = await call(a.actor, { mode: 'LoadFriends', list: 'pendingFriendRequests' });
    expect(pending.body).toMatchObject({ count: 1, data: [{ username: b.user.username }] });
    const incoming = await call(b.actor, { mode: 'LoadFriends', list: 'friendRequests' });
    expect(incoming.body).toMatchObject({ count: 1, data: [{ username: a.user.username }] });
    // Someone else cannot read B's requests.
    expect(
      await call(a.actor, {
        mode: 'LoadFriends',
        list: 'friendRequests',
        username: b.user.username,
      }),
    ).toMatchObject({ status: 403, body: { error: 'Only you can see your friend requests' } });

    const accepted = await call(b.actor, {
      mode: 'AcceptFriendRequest',
      username: a.user.username,
    });
    expect(accepted.body.data).toMatchObject({ friendship: 'friends' });
    const friends = await call(null, {
      mode: 'LoadFriends',
      list: 'friends',
      username: a.user.username,
    });
    expect(friends.body).toMatchObject({
      count: 1,
      friendsLength: 1,
      data: [{ username: b.user.username }],
    });
    expect(
      await call(b.actor, { mode: 'SendFriendRequest', username: a.user.username }),
    ).toMatchObject({ status: 409, body: { error: 'You are already friends' } });
    const profile = await call(a.actor, { mode: 'LoadProfile', username: b.user.username });
    expect(profile.body).toMatchObject({ data: { friendship: 'friends' }, friendsLength: 1 });

    const removed = await dispatch(
      removeFriendEndpoint,
      { user: b.user.username },
      createTestContext(db, { actor: a.actor }),
    );
    expect(removed).toMatchObject({ status: 200, body: { removed: true } });
    const again = await dispatch(
      removeFriendEndpoint,
      { user: b.user.username },
      createTestContext(db, { actor: a.actor }),
    );
    expect(again).toMatchObject({
      status: 404,
      body: { error: 'You are not friends with this user' },
    });
    expect(
      (await dispatch(removeFriendEndpoint, { user: b.user.username }, createTestContext(db)))
        .status,
    ).toBe(401);
    expect((await dispatch(removeFriendEndpoint, {}, createTestContext(db))).status).toBe(401);
    expect(
      (await dispatch(removeFriendEndpoint, {}, createTestContext(db, { actor: a.actor }))).status,
    ).toBe(400);
  });

  it('decline and cancel remove the request; a crossing request is accepted', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    await call(a.actor, { mode: 'SendFriendRequest', username: b.user.username });
    expect(
      (await call(b.actor, { mode: 'DeclineFriendRequest', username: a.user.username })).body.data,
    ).toMatchObject({ friendship: 'none' });
    expect(
      await call(b.actor, { mode: 'DeclineFriendRequest', username: a.user.username }),
    ).toMatchObject({ status: 404, body: { error: 'There is no friend request from this user' } });
    await call(a.actor, { mode: 'SendFriendRequest', username: b.user.username });
    // Only the addressee can accept.
    expect(
      await call(a.actor, { mode: 'AcceptFriendRequest', username: b.user.username }),
    ).toMatchObject({ status: 404, body: { error: 'There is no friend request from this user' } });
    expect(
      (await call(a.actor, { mode: 'CancelFriendRequest', username: b.user.username })).status,
    ).toBe(200);
    expect(
      await call(a.actor, { mode: 'CancelFriendRequest', username: b.user.username }),
    ).toMatchObject({
      status: 404,
      body: { error: 'You have no pending friend request to this user' },
    });
    await call(a.actor, { mode: 'SendFriendRequest', username: b.user.username });
    const crossing = await call(b.actor, { mode: 'SendFriendRequest', username: a.user.username });
    expect(crossing.body.data).toMatchObject({ friendship: 'friends' });
  });

  it('refuses befriending yourself, visitors and unverified accounts', async () => {
    const a = await createUser(db);
    const unverified = await createUser(db, { emailVerified: false });
    expect(
      await call(a.actor, { mode: 'SendFriendRequest', username: a.user.username }),
    ).toMatchObject({
      status: 400,
      body: { error: "You can't send a friend request to yourself" },
    });
    expect(
      await call(null, { mode: 'SendFriendRequest', username: a.user.username }),
    ).toMatchObject({ status: 401, body: { error: 'Please sign in first' } });
    expect(
      await call(unverified.actor, { mode: 'SendFriendRequest', username: a.user.username }),
    ).toMatchObject({ status: 403, body: { error: UNVERIFIED } });
    expect(
      await call(a.actor, { mode: 'SendFriendRequest', username: 'missing-user' }),
    ).toMatchObject({ status: 404, body: { error: "This user doesn't exist" } });
    expect((await call(a.actor, { mode: 'SendFriendRequest' })).status).toBe(400);
  });

  it('friend lists page 18 at a time', async () => {
    const hub = await createUser(db);
    for (let i = 0; i < 19; i++) {
      const friend = await createUser(db);
      await call(friend.actor, { mode: 'SendFriendRequest', username: hub.user.username });
    }
    const first = await call(hub.actor, { mode: 'LoadFriends', list: 'friendRequests' });
    expect(first.body).toMatchObject({ count: 19, hasMore: true });
    expect((first.body.data as unknown[]).length).toBe(18);
    const second = await call(hub.actor, {
      mode: 'LoadFriends',
      list: 'friendRequests',
      index: 1,
    });
    expect((second.body.data as unknown[]).length).toBe(1);
  });
});

describe('/api/v2/profileInput: subscriptions', () => {
  it('subscribe toggles, counts and lists (subscribers 3 a page, subscriptions 18)', async () => {
    const channel = await createUser(db);
    const fans = [];
    for (let i = 0; i < 4; i++) fans.push(await createUser(db));
    for (const fan of fans) {
      const result = await call(fan.actor, { mode: 'subscribe', username: channel.user.username });
      expect(result.body.data).toMatchObject({ subscribed: true });
    }
    const toggled = await call(fans[0]!.actor, {
      mode: 'subscribe',
      username: channel.user.username,
    });
    expect(toggled.body.data).toMatchObject({ subscribed: false, subscribersCount: 3 });
    const explicit = await call(fans[1]!.actor, {
      mode: 'subscribe',
      username: channel.user.username,
      subscribe: true,
    });
    expect(explicit.body.data).toMatchObject({ subscribed: true, subscribersCount: 3 });
    const subscribers = await call(null, {
      mode: 'getProfileSubscribers',
      username: channel.user.username,
    });
    expect(subscribers.body).toMatchObject({ count: 3, hasMore: false });
    expect((subscribers.body.data as unknown[]).length).toBe(3);
    await call(fans[0]!.actor, { mode: 'subscribe', username: channel.user.username });
    const paged = await call(null, {
      mode: 'getProfileSubscribers',
      username: channel.user.username,
      index: 1,
    });
    expect(paged.body).toMatchObject({ count: 4 });
    expect((paged.body.data as unknown[]).length).toBe(1);
    const subscriptions = await call(null, {
      mode: 'getProfileSubscriptions',
      username: fans[1]!.user.username,
    });
    expect(subscriptions.body).toMatchObject({
      count: 1,
      subscriptionsLength: 1,
      data: [{ username: channel.user.username }],
    });
    const profile = await call(fans[1]!.actor, {
      mode: 'LoadProfile',
      username: channel.user.username,
    });
    expect(profile.body.data).toMatchObject({ isSubscribed: true, subscribersLength: 4 });
  });

  it('refuses subscribing to yourself, visitors and unverified accounts', async () => {
    const a = await createUser(db);
    const unverified = await createUser(db, { emailVerified: false });
    expect(await call(a.actor, { mode: 'subscribe', username: a.user.username })).toMatchObject({
      status: 400,
      body: { error: "You can't subscribe to yourself" },
    });
    expect((await call(null, { mode: 'subscribe', username: a.user.username })).status).toBe(401);
    expect(
      (await call(unverified.actor, { mode: 'subscribe', username: a.user.username })).status,
    ).toBe(403);
  });
});
