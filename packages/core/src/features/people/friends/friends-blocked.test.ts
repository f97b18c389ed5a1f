import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { friendships, notifications } from '../../../platform/db/schema';
import { privacyEndpoint } from '../../accounts/privacy/privacy.endpoints';
import { profileInputEndpoint } from '../profiles/profile-input.endpoints';
import { PEOPLE_MESSAGES } from '../social';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';

const { db } = await createTestDatabase();

const call = (actor: Actor, mode: string, username: string) =>
  dispatch(profileInputEndpoint, { mode, username }, createTestContext(db, { actor }));
const block = (actor: Actor, username: string) =>
  dispatch(privacyEndpoint, { mode: 'Block', username }, createTestContext(db, { actor }));
const requestNotices = async (userId: string) =>
  (
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'friend_request')))
  ).length;

describe('friend requests and blocks', () => {
  it('a member you blocked cannot ask you again, however often they cancel and resend', async () => {
    const blocker = await createUser(db);
    const blocked = await createUser(db);
    expect((await call(blocked.actor, 'SendFriendRequest', blocker.user.username)).status).toBe(
      200,
    );
    expect(await requestNotices(blocker.user.id)).toBe(1);

    // Blocking withdraws the request that was waiting.
    expect((await block(blocker.actor, blocked.user.username)).status).toBe(200);
    expect(
      await db.select().from(friendships).where(eq(friendships.requesterId, blocked.user.id)),
    ).toEqual([]);

    for (let i = 0; i < 3; i++) {
      expect(await call(blocked.actor, 'CancelFriendRequest', blocker.user.username)).toMatchObject(
        { status: 404 },
      );
      expect(await call(blocked.actor, 'SendFriendRequest', blocker.user.username)).toEqual({
        status: 403,
        body: {
          error: PEOPLE_MESSAGES.friendRequestBlockedByAddressee(blocker.user.username),
          httpStatusCode: 403,
        },
      });
    }
    expect(await requestNotices(blocker.user.id)).toBe(1);
    // Nor may the blocker ask the member they blocked, until they lift the block.
    expect(await call(blocker.actor, 'SendFriendRequest', blocked.user.username)).toMatchObject({
      status: 403,
      body: { error: PEOPLE_MESSAGES.friendRequestAddresseeBlocked(blocked.user.username) },
    });
    expect(await requestNotices(blocked.user.id)).toBe(0);
    await dispatch(
      privacyEndpoint,
      { mode: 'Unblock', username: blocked.user.username },
      createTestContext(db, { actor: blocker.actor }),
    );
    expect((await call(blocked.actor, 'SendFriendRequest', blocker.user.username)).status).toBe(
      200,
    );
    expect(await requestNotices(blocker.user.id)).toBe(2);
  });
});
