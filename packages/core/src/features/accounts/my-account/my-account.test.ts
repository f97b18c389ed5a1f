import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';
import { resolveActor } from '../auth/session.service';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import {
  comments,
  friendships,
  messages,
  playlists,
  playlistVideos,
  publishedCounts,
  subscriptions,
  userBlocks,
  users,
  videoFavorites,
  videos,
  videoVotes,
  watchHistory,
} from '../../../platform/db/schema';
import { videoPrefix } from '../../../platform/storage/rendition-folder';
import { createTestMediaServices } from '../../../../test-support/media-services';
import { createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { DELETED_ACCOUNT_ID, DELETED_ACCOUNT_NAME } from './deleted-account';
import { accountEndpoint } from './my-account.endpoints';
import { describeDevice, maskIp } from './sessions.service';

const handle = await createTestDatabase();
const { db } = handle;
const harness = await createAuthHarness(db, {
  settings: {
    rateLimit: {
      enabled: false,
      signInMax: 100,
      signInWindowSeconds: 60,
      mailMax: 100,
      registerMax: 100,
    },
  },
});
const media = await createTestMediaServices(handle);

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const call = (actor: Actor | null, body: object, cookie?: string) =>
  dispatch(accountEndpoint, body, {
    ...harness.context,
    actor,
    media,
    headers: new Headers(cookie ? { cookie } : {}),
    ip: `198.51.100.${randomBytes(1)[0]! % 250}`,
  });

async function signInAs(email: string, password: string, userAgent: string, ip: string) {
  const response = await harness.request('/sign-in/email', {
    body: { email, password },
    ip,
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return harness.cookiesOf(response);
}

const actorOf = (cookie: string) => resolveActor(harness.auth, db, new Headers({ cookie }));

describe('what an account may do', () => {
  it('tells a moderator they have staff access and a member they do not; a visitor signs in', async () => {
    const member = await createUser(db);
    const moderator = await createUser(db, { role: 'moderator' });
    const staff = await call(moderator.actor, { mode: 'LoadAccess' });
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({
      username: moderator.user.username,
      roles: ['moderator'],
      isStaff: true,
      isAdmin: false,
    });
    expect(staff.body.rights).toEqual(expect.arrayContaining(['moderate', 'tag', 'participate']));
    const plain = await call(member.actor, { mode: 'LoadAccess' });
    expect(plain.body).toMatchObject({ roles: ['user'], isStaff: false, isAdmin: false });
    expect(plain.body.rights).not.toContain('moderate');
    expect((await call(null, { mode: 'LoadAccess' })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('reads devices and hides the end of addresses', () => {
    expect(describeDevice(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(null)).toBe('Unknown device');
    expect(maskIp('203.0.113.7')).toBe('203.0.113.x');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:x');
  });

  it('lists where the member is signed in and signs out the others', async () => {
    const { user, password } = await createUser(db);
    const here = await signInAs(user.email, password, CHROME_LINUX, '203.0.113.7');
    const there = await signInAs(user.email, password, FIREFOX_WINDOWS, '192.0.2.44');
    const actor = (await actorOf(here))!;
    expect(await actorOf(there)).not.toBeNull();

    const listed = await call(actor, { mode: 'ListSessions' }, here);
    expect(listed.status).toBe(200);
    const sessions = listed.body.data as {
      id: string;
      device: string;
      ip: string;
      isCurrent: boolean;
    }[];
    expect(sessions.map(({ device, ip, isCurrent }) => ({ device, ip, isCurrent }))).toEqual([
      { device: 'Chrome on Linux', ip: '203.0.113.x', isCurrent: true },
      { device: 'Firefox on Windows', ip: '192.0.2.x', isCurrent: false },
    ]);

    const ended = await call(actor, { mode: 'SignOutOtherSessions' }, here);
    expect(ended.body).toMatchObject({ signedOut: 1 });
    expect(await actorOf(there)).toBeNull();
    expect(await actorOf(here)).not.toBeNull();
    const after = await call(actor, { mode: 'ListSessions' }, here);
    expect((after.body.data as unknown[]).length).toBe(1);
  });

  it('keeps one row for a browser that signs in again while it holds a session', async () => {
    const { user, password } = await createUser(db);
    let cookie = await signInAs(user.email, password, CHROME_LINUX, '203.0.113.7');
    for (let again = 0; again < 3; again++) {
      const response = await harness.request('/sign-in/email', {
        body: { email: user.email, password },
        cookie,
        ip: '203.0.113.7',
        headers: { 'user-agent': CHROME_LINUX },
      });
      expect(response.status).toBe(200);
      cookie = harness.cookiesOf(response);
    }
    const listed = await call((await actorOf(cookie))!, { mode: 'ListSessions' }, cookie);
    expect((listed.body.data as { isCurrent: boolean }[]).map((row) => row.isCurrent)).toEqual([
      true,
    ]);
    // Another browser's session is its own row.
    await signInAs(user.email, password, FIREFOX_WINDOWS, '192.0.2.44');
    const both = await call((await actorOf(cookie))!, { mode: 'ListSessions' }, cookie);
    expect((both.body.data as unknown[]).length).toBe(2);
  });

  it('signs out one session of its own only, naming the field otherwise', async () => {
    const { user, password } = await createUser(db);
    const mine = await signInAs(user.email, password, CHROME_LINUX, '203.0.113.8');
    const someone = await createUser(db);
    const theirs = await signInAs(
      someone.user.email,
      someone.password,
      CHROME_LINUX,
      '203.0.113.9',
    );
    const actor = (await actorOf(mine))!;
    const theirSessions = await call((await actorOf(theirs))!, { mode: 'ListSessions' }, theirs);
    const theirId = (theirSessions.body.data as { id: string }[])[0]!.id;
    const refused = await call(actor, { mode: 'SignOutSession', id: theirId }, mine);
    expect(refused.status).toBe(404);
    expect(String(refused.body.error)).toContain('id');
    expect(await actorOf(theirs)).not.toBeNull();
    const missing = await call(actor, { mode: 'SignOutSession' }, mine);
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toContain('id');
    const own = await call(actor, { mode: 'ListSessions' }, mine);
    const ownId = (own.body.data as { id: string }[])[0]!.id;
    expect((await call(actor, { mode: 'SignOutSession', id: ownId }, mine)).status).toBe(200);
    expect(await actorOf(mine)).toBeNull();
  });
});

describe('export', () => {
  it('holds profile, videos, messages, playlists, favorites, votes, history, comments and subscriptions, once every 10 minutes', async () => {
    const { user, actor } = await createUser(db);
    const friend = await createUser(db);
    const own = await createVideo(db, {
      ownerId: user.id,
      title: 'My export video',
      labels: { tag: ['exported'] },
    });
    const theirs = await createVideo(db, { ownerId: friend.user.id, title: 'Their video' });
    await db.insert(messages).values([
      {
        id: `m${randomBytes(5).toString('hex')}`,
        senderId: user.id,
        recipientId: friend.user.id,
        subject: 'Sent one',
        body: 'Hello',
      },
      {
        id: `m${randomBytes(5).toString('hex')}`,
        senderId: friend.user.id,
        recipientId: user.id,
        subject: 'Received one',
        body: 'Hi back',
      },
    ]);
    const playlistId = `p${randomBytes(5).toString('hex')}`;
    await db
      .insert(playlists)
      .values({ id: playlistId, ownerId: user.id, name: 'Saved for later' });
    await db.insert(playlistVideos).values({ playlistId, videoId: theirs.id, position: 0 });
    await db.insert(videoFavorites).values({ userId: user.id, videoId: theirs.id });
    await db.insert(videoVotes).values({ userId: user.id, videoId: theirs.id, value: 1 });
    await db.insert(watchHistory).values({ userId: user.id, videoId: theirs.id });
    await db.insert(comments).values({
      id: `c${randomBytes(5).toString('hex')}`,
      videoId: theirs.id,
      authorId: user.id,
      body: 'Nice one',
    });
    await db.insert(subscriptions).values({ subscriberId: user.id, channelId: friend.user.id });
    await db
      .insert(friendships)
      .values({ requesterId: friend.user.id, addresseeId: user.id, status: 'accepted' });
    const blocked = await createUser(db);
    await db.insert(userBlocks).values({ blockerId: user.id, blockedId: blocked.user.id });

    const now = new Date('2026-04-02T10:00:00Z');
    const exported = await dispatch(
      accountEndpoint,
      { mode: 'ExportData' },
      { ...harness.context, actor, media, now: () => now },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.fileName).toBe(`cutroom-export-${user.username}-2026-04-02.json`);
    const data = exported.body.data as Record<string, unknown[] | Record<string, unknown>>;
    expect(data.profile).toMatchObject({ username: user.username, email: user.email });
    expect(data.profile).not.toHaveProperty('password');
    expect(data.videos).toEqual([
      expect.objectContaining({
        id: own.id,
        title: 'My export video',
        labels: [{ kind: 'tag', name: 'exported' }],
      }),
    ]);
    expect(data.messagesSent).toEqual([
      expect.objectContaining({ to: friend.user.username, subject: 'Sent one' }),
    ]);
    expect(data.messagesReceived).toEqual([
      expect.objectContaining({ from: friend.user.username, body: 'Hi back' }),
    ]);
    expect(data.playlists).toEqual([
      expect.objectContaining({
        name: 'Saved for later',
        videos: [{ videoId: theirs.id, title: 'Their video' }],
      }),
    ]);
    expect(data.favorites).toEqual([expect.objectContaining({ videoId: theirs.id })]);
    expect(data.votes).toEqual([expect.objectContaining({ videoId: theirs.id, value: 1 })]);
    expect(data.history).toEqual([expect.objectContaining({ videoId: theirs.id })]);
    expect(data.comments).toEqual([expect.objectContaining({ body: 'Nice one' })]);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ username: friend.user.username }),
    ]);
    expect(data.friends).toEqual([
      expect.objectContaining({
        username: friend.user.username,
        status: 'accepted',
        askedByMe: false,
      }),
    ]);
    expect(data.blocked).toEqual([expect.objectContaining({ username: blocked.user.username })]);

    const again = await dispatch(
      accountEndpoint,
      { mode: 'ExportData' },
      { ...harness.context, actor, media, now: () => new Date(now.getTime() + 60_000) },
    );
    expect(again.status).toBe(429);
    expect(String(again.body.error)).toContain('10 minutes');
    expect((await call(null, { mode: 'ExportData' })).status).toBe(401);
  });

  it('names no video its member can no longer open: no title, and its id only while public', async () => {
    const { user, actor } = await createUser(db);
    const friend = await createUser(db);
    const closed = await createVideo(db, { ownerId: friend.user.id, title: 'Was open' });
    const open = await createVideo(db, { ownerId: friend.user.id, title: 'Still open' });
    const playlistId = `p${randomBytes(5).toString('hex')}`;
    await db.insert(playlists).values({ id: playlistId, ownerId: user.id, name: 'Kept' });
    await db.insert(playlistVideos).values([
      { playlistId, videoId: closed.id, position: 0 },
      { playlistId, videoId: open.id, position: 1 },
    ]);
    await db.insert(videoFavorites).values({ userId: user.id, videoId: closed.id });
    await db.insert(watchHistory).values({ userId: user.id, videoId: closed.id });
    // Renamed after being made private: neither name may leave the server.
    await db
      .update(videos)
      .set({ title: 'Secret new name', visibility: 'private', status: 'hidden' })
      .where(eq(videos.id, closed.id));

    const exported = await dispatch(
      accountEndpoint,
      { mode: 'ExportData' },
      { ...harness.context, actor, media },
    );
    expect(exported.status).toBe(200);
    const text = JSON.stringify(exported.body.data);
    expect(text).not.toContain('Secret new name');
    expect(text).not.toContain('Was open');
    expect(text).not.toContain(closed.id);
    const data = exported.body.data as Record<string, { videos?: unknown[] }[]>;
    expect(data.playlists![0]!.videos).toEqual([
      { videoId: null, title: 'a video you can no longer open' },
      { videoId: open.id, title: 'Still open' },
    ]);
    expect(data.favorites).toEqual([
      expect.objectContaining({ videoId: null, title: 'a video you can no longer open' }),
    ]);
    expect(data.history).toEqual([
      expect.objectContaining({ videoId: null, title: 'a video you can no longer open' }),
    ]);
  });
});

async function publishedCount() {
  const [row] = await db
    .select({ count: publishedCounts.count })
    .from(publishedCounts)
    .where(and(eq(publishedCounts.kind, 'all'), eq(publishedCounts.name, '')));
  return row?.count ?? 0;
}

async function storedVideo(ownerId: string) {
  const video = await createVideo(db, { ownerId });
  await media.storage.putBytes(`${videoPrefix(video.id)}hls/master.m3u8`, '#EXTM3U\n');
  return video;
}

describe('deleting one’s account', () => {
  it('asks for the password and the username typed out, naming the field', async () => {
    const { user, password, actor } = await createUser(db);
    const wrongPassword = await call(actor, {
      mode: 'DeleteAccount',
      password: 'not-it',
      confirmation: user.username,
      videos: 'delete',
    });
    expect(wrongPassword.status).toBe(400);
    expect(String(wrongPassword.body.error)).toMatch(/^password/);
    const wrongName = await call(actor, {
      mode: 'DeleteAccount',
      password,
      confirmation: 'someone',
      videos: 'delete',
    });
    expect(wrongName.status).toBe(400);
    expect(String(wrongName.body.error)).toMatch(/^confirmation/);
    const noChoice = await call(actor, {
      mode: 'DeleteAccount',
      password,
      confirmation: user.username,
    });
    expect(noChoice.status).toBe(400);
    expect(String(noChoice.body.error)).toContain('videos');
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('with its videos: files gone, counts down, sessions ended, sign-in refused, comments kept as the deleted account', async () => {
    const { user, password } = await createUser(db);
    const cookie = await signInAs(user.email, password, CHROME_LINUX, '203.0.113.20');
    const actor = (await actorOf(cookie))!;
    const elsewhere = await createVideo(db, { ownerId: (await createUser(db)).user.id });
    const before = await publishedCount();
    const [first, second] = [await storedVideo(user.id), await storedVideo(user.id)];
    expect(await publishedCount()).toBe(before + 2);
    const commentId = `c${randomBytes(5).toString('hex')}`;
    await db
      .insert(comments)
      .values({ id: commentId, videoId: elsewhere.id, authorId: user.id, body: 'Still here' });

    const deleted = await call(
      actor,
      {
        mode: 'DeleteAccount',
        password,
        confirmation: user.username.toUpperCase(),
        videos: 'delete',
      },
      cookie,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      username: user.username,
      videosDeleted: 2,
      videosKept: 0,
    });
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(videos).where(eq(videos.id, first.id))).toHaveLength(0);
    expect(await media.storage.list(videoPrefix(first.id))).toEqual([]);
    expect(await media.storage.list(videoPrefix(second.id))).toEqual([]);
    expect(await publishedCount()).toBe(before);
    expect(await actorOf(cookie)).toBeNull();
    const signIn = await harness.request('/sign-in/email', {
      body: { email: user.email, password },
      ip: '203.0.113.21',
    });
    expect(signIn.status).toBe(401);
    const [comment] = await db.select().from(comments).where(eq(comments.id, commentId));
    expect(comment?.authorId).toBe(DELETED_ACCOUNT_ID);
    // The username is free again.
    await createUser(db, { username: user.username, email: `again-${user.email}` });
  });

  it('keeping its videos: the published ones stay, owned by the deleted account', async () => {
    const { user, password, actor } = await createUser(db);
    const before = await publishedCount();
    const published = await storedVideo(user.id);
    const unpublished = await createVideo(db, { ownerId: user.id, status: 'unpublished_user' });
    const deleted = await call(actor, {
      mode: 'DeleteAccount',
      password,
      confirmation: user.username,
      videos: 'keep',
    });
    expect(deleted.body).toMatchObject({
      username: user.username,
      videosDeleted: 1,
      videosKept: 1,
    });
    const [kept] = await db.select().from(videos).where(eq(videos.id, published.id));
    expect(kept?.ownerId).toBe(DELETED_ACCOUNT_ID);
    expect((await media.storage.list(videoPrefix(published.id))).length).toBe(1);
    expect(await db.select().from(videos).where(eq(videos.id, unpublished.id))).toHaveLength(0);
    expect(await publishedCount()).toBe(before + 1);
    const [ghost] = await db.select().from(users).where(eq(users.id, DELETED_ACCOUNT_ID));
    expect(ghost).toMatchObject({
      username: DELETED_ACCOUNT_NAME,
      banned: true,
      emailVerified: false,
    });
  });
});
