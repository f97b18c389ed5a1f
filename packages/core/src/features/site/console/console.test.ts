import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { friendships, subscriptions, users } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { eq } from 'drizzle-orm';
import { parseChangelog } from './changelog';
import { consoleEndpoint } from './console.endpoints';

const { db } = await createTestDatabase();
const call = (actor: Actor | null, body: object) =>
  dispatch(consoleEndpoint, body, createTestContext(db, { actor }));

describe('GetChangelog', () => {
  it("answers the project's CHANGELOG.md as entries, to anyone", async () => {
    const answer = await call(null, { mode: 'GetChangelog' });
    expect(answer.status).toBe(200);
    const data = answer.body.data as { version: string; changes: { kind: string }[] }[];
    expect(data[0]?.version).toBe('Unreleased');
    expect(data.some((entry) => entry.version === '0.1.0')).toBe(true);
    expect(data[0]?.changes.length).toBeGreaterThan(3);
  });

  it('reads releases, sections and items that continue on indented lines', () => {
    expect(
      parseChangelog(
        '# Changelog\n\n## [1.2.0] - 2026-01-02\n\n### Added\n\n- One\n  more\n- Two\n\n### Fixed\n\n- Three\n\n## [1.1.0]\n\n- Four\n',
      ),
    ).toEqual([
      {
        version: '1.2.0',
        date: '2026-01-02',
        changes: [
          { kind: 'Added', text: 'One more' },
          { kind: 'Added', text: 'Two' },
          { kind: 'Fixed', text: 'Three' },
        ],
      },
      { version: '1.1.0', date: null, changes: [{ kind: 'Fixed', text: 'Four' }] },
    ]);
  });
});

describe('GetUserSuggestions', () => {
  it('suggests friends of friends and fellow subscribers to befriend, and whom they follow', async () => {
    const me = await createUser(db);
    const friend = await createUser(db);
    const friendOfFriend = await createUser(db);
    const fellow = await createUser(db);
    const channel = await createUser(db);
    const followedByFriend = await createUser(db);
    const asked = await createUser(db);
    const disabled = await createUser(db);
    await db.insert(friendships).values([
      { requesterId: me.user.id, addresseeId: friend.user.id, status: 'accepted' },
      { requesterId: friend.user.id, addresseeId: friendOfFriend.user.id, status: 'accepted' },
      { requesterId: friend.user.id, addresseeId: asked.user.id, status: 'accepted' },
      { requesterId: me.user.id, addresseeId: asked.user.id, status: 'pending' },
      { requesterId: friend.user.id, addresseeId: disabled.user.id, status: 'accepted' },
    ]);
    await db.update(users).set({ banned: true }).where(eq(users.id, disabled.user.id));
    await db.insert(subscriptions).values([
      { subscriberId: me.user.id, channelId: channel.user.id },
      { subscriberId: fellow.user.id, channelId: channel.user.id },
      { subscriberId: friend.user.id, channelId: followedByFriend.user.id },
    ]);
    const answer = await call(me.actor, { mode: 'GetUserSuggestions', username: me.user.username });
    expect(answer.status).toBe(200);
    const data = answer.body.data as {
      befriend: { username: string; sharedFriends: number; sharedSubscriptions: number }[];
      follow: { username: string }[];
    };
    expect(data.befriend.map((person) => person.username)).toEqual([
      friendOfFriend.user.username,
      fellow.user.username,
    ]);
    expect(data.befriend[0]).toMatchObject({ sharedFriends: 1, sharedSubscriptions: 0 });
    expect(data.befriend[1]).toMatchObject({ sharedFriends: 0, sharedSubscriptions: 1 });
    expect(data.follow.map((person) => person.username)).toEqual([followedByFriend.user.username]);
  });

  it("asks a visitor to sign in and refuses someone else's username", async () => {
    const me = await createUser(db);
    expect((await call(null, { mode: 'GetUserSuggestions' })).status).toBe(401);
    expect((await call(me.actor, { mode: 'GetUserSuggestions', username: 'someone' })).status).toBe(
      403,
    );
  });
});
