import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { acceptFriendRequest, sendFriendRequest } from '../../people/friends/friends.service';
import { sendMessageEndpoint } from '../../people/messages/messages.endpoints';
import { countUnread, listInbox, readMessage } from '../../people/messages/messages.service';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { privacyEndpoint } from './privacy.endpoints';

const { db } = await createTestDatabase();

const privacy = (actor: Actor | null, mode: string, body: object = {}) =>
  dispatch(privacyEndpoint, { mode, ...body }, createTestContext(db, { actor }));
const send = (actor: Actor, recipient: string, message = 'Hello there') =>
  dispatch(
    sendMessageEndpoint,
    { recipient, subject: 'Hi', message },
    createTestContext(db, { actor }),
  );

async function twoMembers() {
  return { a: await createUser(db), b: await createUser(db) };
}

describe('blocking a member', () => {
  it('stops the blocked member messaging the blocker, in a clear sentence', async () => {
    const { a, b } = await twoMembers();
    expect((await send(b.actor, a.user.username)).status).toBe(201);
    expect(await privacy(a.actor, 'Block', { username: b.user.username })).toEqual({
      status: 200,
      body: { username: b.user.username, blocked: true, httpStatusCode: 200 },
    });
    expect(await send(b.actor, a.user.username)).toEqual({
      status: 403,
      body: {
        error: `${a.user.username} doesn't accept messages from you.`,
        httpStatusCode: 403,
      },
    });
    expect(await send(a.actor, b.user.username)).toEqual({
      status: 403,
      body: {
        error: `You have blocked ${b.user.username}. Unblock them in your settings to send a message.`,
        httpStatusCode: 403,
      },
    });
  });

  it('makes the blocked member’s messages disappear for the blocker, until unblocked', async () => {
    const { a, b } = await twoMembers();
    const c = await createUser(db);
    const fromB = await send(b.actor, a.user.username, 'from b');
    await send(c.actor, a.user.username, 'from c');
    expect(await countUnread(db, a.user.id)).toBe(2);
    await privacy(a.actor, 'Block', { username: b.user.username });
    const inbox = await listInbox({ db, actor: a.actor });
    expect(inbox.data.map((m) => m.sender.username)).toEqual([c.user.username]);
    expect(inbox.count).toBe(1);
    expect(inbox.unreadCount).toBe(1);
    expect(await countUnread(db, a.user.id)).toBe(1);
    await expect(
      readMessage({ db, actor: a.actor, now: () => new Date() }, fromB.body.id as string),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    // The blocked member still has their sent copy.
    expect((await listInbox({ db, actor: b.actor }, { box: 'sent' })).count).toBe(1);
    expect(await privacy(a.actor, 'Unblock', { username: b.user.username })).toEqual({
      status: 200,
      body: { username: b.user.username, blocked: false, httpStatusCode: 200 },
    });
    expect((await listInbox({ db, actor: a.actor })).count).toBe(2);
    expect((await send(b.actor, a.user.username)).status).toBe(201);
  });

  it('lists the blocked members, and refuses blocking oneself, twice, or someone unknown', async () => {
    const { a, b } = await twoMembers();
    const c = await createUser(db);
    await privacy(a.actor, 'Block', { username: b.user.username });
    await privacy(a.actor, 'Block', { username: c.user.username.toUpperCase() });
    const listed = await privacy(a.actor, 'ListBlocked');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 2, index: 0, hasMore: false });
    expect((listed.body.data as { username: string }[]).map((p) => p.username).sort()).toEqual(
      [b.user.username, c.user.username].sort(),
    );
    expect(await privacy(a.actor, 'Block', { username: a.user.username })).toMatchObject({
      status: 400,
      body: { error: "You can't block yourself" },
    });
    expect(await privacy(a.actor, 'Block', { username: b.user.username })).toMatchObject({
      status: 409,
      body: { error: 'You have already blocked this member' },
    });
    expect(await privacy(a.actor, 'Block', { username: 'nobody-at-all' })).toMatchObject({
      status: 404,
      body: { error: "This user doesn't exist" },
    });
    expect(await privacy(b.actor, 'Unblock', { username: a.user.username })).toMatchObject({
      status: 404,
      body: { error: 'You have not blocked this member' },
    });
    expect(await privacy(a.actor, 'Block', { username: '' })).toMatchObject({
      status: 400,
      body: { error: 'username: required' },
    });
    expect(await privacy(null, 'Block', { username: b.user.username })).toMatchObject({
      status: 401,
    });
    const unverified = await createUser(db, { emailVerified: false });
    expect(await privacy(unverified.actor, 'Block', { username: b.user.username })).toMatchObject({
      status: 403,
    });
  });
});

describe('who may message a member', () => {
  it('is everyone by default; friends only refuses others in a clear sentence', async () => {
    const { a, b } = await twoMembers();
    const friend = await createUser(db);
    expect(await privacy(a.actor, 'GetPrivacy')).toEqual({
      status: 200,
      body: { messagesFrom: 'everyone', httpStatusCode: 200 },
    });
    expect(await privacy(a.actor, 'SetMessagePrivacy', { messagesFrom: 'friends' })).toEqual({
      status: 200,
      body: { messagesFrom: 'friends', httpStatusCode: 200 },
    });
    expect((await privacy(a.actor, 'GetPrivacy')).body.messagesFrom).toBe('friends');
    expect(await send(b.actor, a.user.username)).toEqual({
      status: 403,
      body: {
        error: `${a.user.username} only accepts messages from friends. Send a friend request first.`,
        httpStatusCode: 403,
      },
    });
    await sendFriendRequest({ db, actor: friend.actor, now: () => new Date() }, a.user.username);
    expect((await send(friend.actor, a.user.username)).status).toBe(403);
    await acceptFriendRequest({ db, actor: a.actor, now: () => new Date() }, friend.user.username);
    expect((await send(friend.actor, a.user.username)).status).toBe(201);
    // The member who chose friends only may still write to anyone.
    expect((await send(a.actor, b.user.username)).status).toBe(201);
    await privacy(a.actor, 'SetMessagePrivacy', { messagesFrom: 'everyone' });
    expect((await send(b.actor, a.user.username)).status).toBe(201);
  });

  it('answers a wrong choice naming the field, and keeps the refusals of docs/messages.md first', async () => {
    const { a, b } = await twoMembers();
    expect(await privacy(a.actor, 'SetMessagePrivacy', { messagesFrom: 'nobody' })).toMatchObject({
      status: 400,
      body: { error: 'messagesFrom: must be "everyone" or "friends"' },
    });
    await privacy(a.actor, 'SetMessagePrivacy', { messagesFrom: 'friends' });
    // Missing fields still answer the site's words (docs/messages.md) before any privacy rule.
    const missing = await dispatch(
      sendMessageEndpoint,
      { recipient: a.user.username, subject: 'x' },
      createTestContext(db, { actor: b.actor }),
    );
    expect(missing).toEqual({
      status: 400,
      body: { error: 'Missing fields', httpStatusCode: 400 },
    });
    expect(await privacy(null, 'GetPrivacy')).toMatchObject({ status: 401 });
  });
});
