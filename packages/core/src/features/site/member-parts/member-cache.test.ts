import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthHarness } from '../../../../test-support/accounts/auth-harness';
import { resolveActor } from '../../accounts/auth/session.service';
import {
  messages,
  reports,
  sessions,
  subscriptions,
  userBlocks,
  users,
  videoFavorites,
  videos,
  videoVotes,
} from '../../../platform/db/schema';
import { createLogger } from '../../../platform/logging/logger';
import { actorOf, createUser } from '../../../../test-support/factories';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { PostgresEvents } from '../../../platform/events/postgres-events';
import { InProcessEvents } from '../../../platform/events/processing-events';
import { MemberCache } from './member-cache';
import { followMemberChanges } from './member-changes';
import { getMemberParts } from './member-parts.service';
import type { VideoParts } from './member-parts.schema';

const parts = (videoId: string): VideoParts => ({
  videoId,
  myVote: 0,
  isFavorited: false,
  subscribed: false,
  isOwner: false,
  canManage: false,
  hasReported: false,
  openReports: null,
});

describe('MemberCache', () => {
  it('keeps and serves nothing until it is live, and forgets everything when lost', () => {
    const cache = new MemberCache();
    cache.keepUnreadMessages('m1', cache.ticket(), 3);
    expect(cache.unreadMessages('m1')).toBeUndefined();
    cache.live();
    cache.keepUnreadMessages('m1', cache.ticket(), 3);
    expect(cache.unreadMessages('m1')).toBe(3);
    cache.lost();
    expect(cache.unreadMessages('m1')).toBeUndefined();
    cache.keepUnreadMessages('m1', cache.ticket(), 3);
    expect(cache.size).toBe(0);
  });

  it("refuses an answer read before a change to its member, not one read before another's", () => {
    const cache = new MemberCache();
    cache.live();
    const ticket = cache.ticket();
    cache.changed('m:m1');
    cache.keepUnreadMessages('m1', ticket, 3);
    cache.keepUnreadMessages('m2', ticket, 4);
    expect(cache.unreadMessages('m1')).toBeUndefined();
    expect(cache.unreadMessages('m2')).toBe(4);
    // Read after the change: kept.
    cache.keepUnreadMessages('m1', cache.ticket(), 5);
    expect(cache.unreadMessages('m1')).toBe(5);
    cache.changed('m:m1');
    expect(cache.unreadMessages('m1')).toBeUndefined();
    expect(cache.unreadMessages('m2')).toBe(4);
  });

  it("drops a member's sessions with their entry", () => {
    const cache = new MemberCache();
    cache.live();
    const user = { id: 'm1' } as Parameters<MemberCache['keepSession']>[2]['user'];
    const session = { user, expiresAt: new Date(), updatedAt: new Date() };
    cache.keepSession('token-1', cache.ticket(), session);
    expect(cache.session('token-1')).toBe(session);
    cache.changed('m:m1');
    expect(cache.session('token-1')).toBeUndefined();
  });

  it("drops staff members' video parts on any report, and everything on 'all'", () => {
    const cache = new MemberCache();
    cache.live();
    cache.keepVideoParts('staff1', cache.ticket(), true, 'v1', parts('v1'));
    cache.keepVideoParts('m1', cache.ticket(), false, 'v1', parts('v1'));
    const before = cache.ticket();
    cache.changed('staff');
    expect(cache.videoParts('staff1', 'v1')).toBeUndefined();
    expect(cache.videoParts('m1', 'v1')).toEqual(parts('v1'));
    cache.keepVideoParts('staff1', before, true, 'v1', parts('v1'));
    expect(cache.videoParts('staff1', 'v1')).toBeUndefined();
    cache.changed('all');
    expect(cache.videoParts('m1', 'v1')).toBeUndefined();
    cache.keepVideoParts('m1', before, false, 'v1', parts('v1'));
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of members, the oldest leaving first', () => {
    const cache = new MemberCache({ maxMembers: 2 });
    cache.live();
    for (const id of ['a', 'b', 'c']) cache.keepUnreadMessages(id, cache.ticket(), 1);
    expect(cache.size).toBe(2);
    expect(cache.unreadMessages('a')).toBeUndefined();
    expect(cache.unreadMessages('c')).toBe(1);
  });
});

// The database's own triggers tell the cache of every change; each write below must show in
// the cached answer, as it does in a fresh read.
const handle = await createTestDatabase();
const { db } = handle;
const onServer = handle.kind === 'postgres';
const events = onServer
  ? await PostgresEvents.start({
      url: (db as unknown as { $client: pg.Pool }).$client.options.connectionString!,
      log: createLogger({ level: 'silent' }),
    })
  : new InProcessEvents();
const cache = new MemberCache();
const stopFollowing = await followMemberChanges(handle, events, cache);
afterAll(async () => {
  await stopFollowing();
  if (events instanceof PostgresEvents) await events.stop();
});

/**
 * The cached answer once it equals a fresh read: at once on PGlite (its listeners hear a
 * change as the statement ends), within moments on a server (NOTIFY crosses a connection).
 */
async function settles<T>(cached: () => Promise<T>, fresh: () => Promise<T>): Promise<T> {
  const expected = await fresh();
  const deadline = Date.now() + (onServer ? 5000 : 0);
  for (;;) {
    const answer = await cached();
    if (JSON.stringify(answer) === JSON.stringify(expected) || Date.now() >= deadline) {
      expect(answer).toEqual(expected);
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a member's parts kept in memory, told of changes by the database", () => {
  it('is live once it follows the changes', () => {
    expect(cache.isLive).toBe(true);
  });

  it("shows each change to a member's own parts on the next call, and nobody else's", async () => {
    const owner = await createUser(db);
    const member = await createUser(db);
    const moderator = await createUser(db, { role: 'moderator' });
    const video = await createVideo(db, { ownerId: owner.user.id });
    const input = { videoId: video.id };
    const check = (actor: typeof member.actor) =>
      settles(
        () => getMemberParts({ db, actor }, input, cache),
        () => getMemberParts({ db, actor }, input),
      );
    await check(member.actor);
    await check(moderator.actor);
    // Kept: the next calls are answered from memory.
    expect(cache.videoParts(member.user.id, video.id)).toMatchObject({ myVote: 0 });

    const writes: Array<() => Promise<unknown>> = [
      () => db.insert(videoVotes).values({ userId: member.user.id, videoId: video.id, value: 1 }),
      () =>
        db
          .update(videoVotes)
          .set({ value: -1 })
          .where(and(eq(videoVotes.userId, member.user.id), eq(videoVotes.videoId, video.id))),
      () => db.insert(videoFavorites).values({ userId: member.user.id, videoId: video.id }),
      () =>
        db.insert(subscriptions).values({ subscriberId: member.user.id, channelId: owner.user.id }),
      () =>
        db.insert(reports).values({
          id: `r-${video.id}`,
          reporterId: member.user.id,
          targetKind: 'video',
          targetId: video.id,
          videoId: video.id,
          reason: 'spam',
        }),
      () =>
        db
          .update(reports)
          .set({ state: 'actioned' })
          .where(eq(reports.id, `r-${video.id}`)),
      () =>
        db.insert(messages).values({
          id: `m-${video.id}`,
          senderId: owner.user.id,
          recipientId: member.user.id,
          subject: 'Hello',
          body: 'Hello there',
        }),
      () => db.insert(userBlocks).values({ blockerId: member.user.id, blockedId: owner.user.id }),
      () => db.delete(userBlocks).where(eq(userBlocks.blockerId, member.user.id)),
      () =>
        db
          .update(messages)
          .set({ readAt: new Date() })
          .where(eq(messages.id, `m-${video.id}`)),
      () => db.delete(videoFavorites).where(eq(videoFavorites.userId, member.user.id)),
      () => db.delete(subscriptions).where(eq(subscriptions.subscriberId, member.user.id)),
      () => db.update(videos).set({ ownerId: member.user.id }).where(eq(videos.id, video.id)),
    ];
    let before = JSON.stringify([await check(member.actor), await check(moderator.actor)]);
    for (const write of writes) {
      await write();
      const after = JSON.stringify([await check(member.actor), await check(moderator.actor)]);
      // Each write changes what one of them sees, and neither was served the old answer.
      expect(after).not.toBe(before);
      before = after;
    }

    await db.delete(videos).where(eq(videos.id, video.id));
    expect((await check(member.actor)).video).toBeNull();
  });
});

describe("a session cookie's member kept in memory", () => {
  it('follows sign-out, a changed role and a disabled account at once', async () => {
    const { auth, signIn } = await createAuthHarness(db);
    const { user, password } = await createUser(db);
    const { cookie } = await signIn(user.email, password, '192.0.2.200');
    const headers = new Headers({ cookie });
    const cached = () => resolveActor(auth, db, headers, new Date(), cache);
    const fresh = () => resolveActor(auth, db, headers);

    expect((await settles(cached, fresh))?.role).toBe('user');
    await db.update(users).set({ role: 'moderator' }).where(eq(users.id, user.id));
    expect((await settles(cached, fresh))?.role).toBe('moderator');
    await db.update(users).set({ isSupporter: true }).where(eq(users.id, user.id));
    expect(await settles(cached, fresh)).toEqual({
      ...actorOf({ ...user, role: 'moderator', isSupporter: true }),
    });
    await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
    expect(await settles(cached, fresh)).toBeNull();
    await db.update(users).set({ banned: false }).where(eq(users.id, user.id));
    expect(await settles(cached, fresh)).not.toBeNull();
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await settles(cached, fresh)).toBeNull();
  });
});
