import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { messages } from '../../../platform/db/schema';
import { profileInputEndpoint } from '../profiles/profile-input.endpoints';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { sendMessageEndpoint } from './messages.endpoints';
import { countUnread } from './messages.service';

const { db } = await createTestDatabase();

const send = (actor: Actor | null, body: object, now?: () => Date) =>
  dispatch(sendMessageEndpoint, body, createTestContext(db, { actor, now }));
const profileInput = (actor: Actor | null, body: object) =>
  dispatch(profileInputEndpoint, body, createTestContext(db, { actor }));

const UNVERIFIED =
  "Your email isn't verified. Please check your inbox or request a new verification email";

async function twoMembers() {
  const a = await createUser(db);
  const b = await createUser(db);
  return { a, b };
}

describe('/api/messages/send', () => {
  it('stores the message for the recipient and answers its id and delivered', async () => {
    const { a, b } = await twoMembers();
    const result = await send(a.actor, {
      recipient: b.user.username.toUpperCase(),
      subject: '  Your sunset cut  ',
      message: 'Loved it.\r\nWhich music is that?\n',
      ticket: 'T-1042',
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      delivered: true,
      recipient: b.user.username,
      httpStatusCode: 201,
    });
    const id = result.body.id as string;
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({
      senderId: a.user.id,
      recipientId: b.user.id,
      subject: 'Your sunset cut',
      body: 'Loved it.\nWhich music is that?',
      ticket: 'T-1042',
      readAt: null,
    });
  });

  it('answers Not authenticated (401) to a visitor, before anything else', async () => {
    const { b } = await twoMembers();
    expect(await send(null, { recipient: b.user.username, subject: 's', message: 'm' })).toEqual({
      status: 401,
      body: { error: 'Not authenticated', httpStatusCode: 401 },
    });
    expect((await send(null, {})).body.error).toBe('Not authenticated');
  });

  it('refuses an unverified account with the verification message', async () => {
    const { b } = await twoMembers();
    const { actor } = await createUser(db, { emailVerified: false });
    expect(await send(actor, { recipient: b.user.username, subject: 's', message: 'm' })).toEqual({
      status: 403,
      body: { error: UNVERIFIED, httpStatusCode: 403 },
    });
  });

  it('answers Missing fields when the recipient, subject or message is absent or blank', async () => {
    const { a, b } = await twoMembers();
    const full = { recipient: b.user.username, subject: 'Hello', message: 'Hi there' };
    for (const field of ['recipient', 'subject', 'message'] as const) {
      const { [field]: _left, ...rest } = full;
      expect(await send(a.actor, rest)).toEqual({
        status: 400,
        body: { error: 'Missing fields', httpStatusCode: 400 },
      });
      expect((await send(a.actor, { ...full, [field]: ' \n\t ' })).body.error).toBe(
        'Missing fields',
      );
    }
    expect(await countUnread(db, b.user.id)).toBe(0);
  });

  it('refuses unknown and disabled recipients and yourself', async () => {
    const { a } = await twoMembers();
    const disabled = await createUser(db, { banned: true });
    for (const recipient of ['nobody-by-this-name', disabled.user.username]) {
      expect(await send(a.actor, { recipient, subject: 'Hello', message: 'Hi' })).toEqual({
        status: 404,
        body: { error: "This user doesn't exist", httpStatusCode: 404 },
      });
    }
    expect(
      await send(a.actor, { recipient: a.user.username, subject: 'Hello', message: 'Hi' }),
    ).toEqual({
      status: 400,
      body: { error: "You can't send a message to yourself", httpStatusCode: 400 },
    });
  });

  it('caps subject, message and ticket, naming the field; control characters go', async () => {
    const { a, b } = await twoMembers();
    const base = { recipient: b.user.username, subject: 'Hello', message: 'Hi' };
    for (const [change, error] of [
      [{ subject: 'x'.repeat(151) }, 'subject: at most 150 characters'],
      [{ message: 'x'.repeat(5001) }, 'message: at most 5000 characters'],
      [{ ticket: 'x'.repeat(41) }, 'ticket: at most 40 characters'],
      [{ ticket: 'T 1042; drop' }, 'ticket: letters, digits, - or _ only'],
      [{ subject: 42 }, 'subject: must be a text'],
      [{ message: 'a\u0000b' }, 'message: text may not contain NUL characters'],
    ] as const) {
      expect(await send(a.actor, { ...base, ...change })).toEqual({
        status: 400,
        body: { error, httpStatusCode: 400 },
      });
    }
    // At the limits it is accepted; other control characters are dropped, line breaks kept.
    const result = await send(a.actor, {
      ...base,
      subject: `${'s'.repeat(148)}\n!`,
      message: `${'m'.repeat(4990)}\u0007\u001b\nend`,
      ticket: '',
    });
    expect(result.status).toBe(201);
    const [row] = await db
      .select()
      .from(messages)
      .where(eq(messages.id, result.body.id as string));
    expect(row!.subject).toBe(`${'s'.repeat(148)} !`);
    expect(row!.body).toBe(`${'m'.repeat(4990)}\nend`);
    expect(row!.ticket).toBeNull();
  });

  it('allows 30 messages in 10 minutes a sender, then answers 429', async () => {
    const { a, b } = await twoMembers();
    const start = new Date('2031-01-01T10:00:00Z');
    const body = { recipient: b.user.username, subject: 'Hello', message: 'Hi' };
    for (let i = 0; i < 30; i += 1) {
      expect((await send(a.actor, body, () => start)).status).toBe(201);
    }
    expect(await send(a.actor, body, () => start)).toEqual({
      status: 429,
      body: { error: 'Too many requests. Please try again later', httpStatusCode: 429 },
    });
    // Another sender is not held back; the same sender is again after the window.
    const other = await createUser(db);
    expect((await send(other.actor, body, () => start)).status).toBe(201);
    const later = new Date(start.getTime() + 10 * 60_000 + 1000);
    expect((await send(a.actor, body, () => later)).status).toBe(201);
    expect(await countUnread(db, b.user.id)).toBe(32);
  });
});

describe('/api/v2/profileInput: the inbox', () => {
  it('lists received and sent boxes newest first, 18 a page, with the unread count', async () => {
    const { a, b } = await twoMembers();
    for (let i = 1; i <= 20; i += 1) {
      const at = new Date(Date.UTC(2030, 0, 1, 0, i));
      const result = await send(
        a.actor,
        { recipient: b.user.username, subject: `Note ${i}`, message: `Text ${i} `.repeat(30) },
        () => at,
      );
      expect(result.status).toBe(201);
    }
    const first = await profileInput(b.actor, { mode: 'LoadInbox' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      box: 'received',
      count: 20,
      index: 0,
      hasMore: true,
      unreadCount: 20,
    });
    const entries = first.body.data as {
      subject: string;
      preview: string;
      unread: boolean;
      sender: { username: string };
      recipient: { username: string };
    }[];
    expect(entries).toHaveLength(18);
    expect(entries.map((entry) => entry.subject).slice(0, 3)).toEqual([
      'Note 20',
      'Note 19',
      'Note 18',
    ]);
    expect(entries[0]).toMatchObject({
      unread: true,
      sender: { username: a.user.username },
      recipient: { username: b.user.username },
    });
    expect(entries[0]!.preview.length).toBeLessThanOrEqual(140);
    expect(entries[0]!.preview.endsWith('…')).toBe(true);
    const second = await profileInput(b.actor, { mode: 'LoadInbox', index: 1 });
    expect((second.body.data as { subject: string }[]).map((entry) => entry.subject)).toEqual([
      'Note 2',
      'Note 1',
    ]);
    expect(second.body.hasMore).toBe(false);

    // The sender sees them in the sent box, never as unread.
    const sent = await profileInput(a.actor, { mode: 'LoadInbox', box: 'sent' });
    expect(sent.body).toMatchObject({ box: 'sent', count: 20, unreadCount: 0 });
    expect((sent.body.data as { unread: boolean }[]).every((entry) => !entry.unread)).toBe(true);
    expect((await profileInput(a.actor, { mode: 'LoadInbox' })).body.count).toBe(0);

    expect(await profileInput(null, { mode: 'LoadInbox' })).toMatchObject({
      status: 401,
      body: { error: 'Please sign in first' },
    });
    expect((await profileInput(b.actor, { mode: 'LoadInbox', box: 'spam' })).status).toBe(400);
  });

  it('opening a received message marks it read; the sender may open it without doing so', async () => {
    const { a, b } = await twoMembers();
    const { id } = (
      await send(a.actor, { recipient: b.user.username, subject: 'Hi', message: 'One\ntwo' })
    ).body as { id: string };
    expect(await countUnread(db, b.user.id)).toBe(1);

    const asSender = await profileInput(a.actor, { mode: 'ReadInboxMessage', id });
    expect(asSender.body.data).toMatchObject({ box: 'sent', message: 'One\ntwo', unread: false });
    expect(await countUnread(db, b.user.id)).toBe(1);

    const opened = await profileInput(b.actor, { mode: 'ReadInboxMessage', id });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      id,
      box: 'received',
      subject: 'Hi',
      message: 'One\ntwo',
      sender: { username: a.user.username },
      recipient: { username: b.user.username },
      unread: false,
    });
    expect(await countUnread(db, b.user.id)).toBe(0);
    const profile = await profileInput(b.actor, { mode: 'getYourProfile' });
    expect(profile.body.data).toMatchObject({ unreadCount: 0 });
  });

  it("answers 404 for someone else's message, as for one that does not exist", async () => {
    const { a, b } = await twoMembers();
    const stranger = await createUser(db);
    const { id } = (
      await send(a.actor, { recipient: b.user.username, subject: 'Private', message: 'Secret' })
    ).body as { id: string };
    const missing = { status: 404, body: { error: "This message doesn't exist" } };
    for (const mode of ['ReadInboxMessage', 'DeleteInboxMessage']) {
      expect(await profileInput(stranger.actor, { mode, id })).toMatchObject(missing);
      expect(await profileInput(b.actor, { mode, id: 'NoSuchMessage' })).toMatchObject(missing);
    }
    expect(await profileInput(b.actor, { mode: 'ReadInboxMessage', id: '../x' })).toMatchObject({
      status: 400,
      body: { error: 'id: not a message id' },
    });
    expect(await countUnread(db, b.user.id)).toBe(1);
  });

  it("inbox delete removes only the deleter's copy; the row goes when both have", async () => {
    const { a, b } = await twoMembers();
    const { id } = (
      await send(a.actor, { recipient: b.user.username, subject: 'Bye', message: 'See you' })
    ).body as { id: string };

    const deleted = await profileInput(b.actor, { mode: 'DeleteInboxMessage', id });
    expect(deleted).toMatchObject({
      status: 200,
      body: { data: { id, box: 'received' }, deleted: true },
    });
    expect((await profileInput(b.actor, { mode: 'LoadInbox' })).body.count).toBe(0);
    expect(await countUnread(db, b.user.id)).toBe(0);
    expect((await profileInput(b.actor, { mode: 'ReadInboxMessage', id })).status).toBe(404);
    expect((await profileInput(b.actor, { mode: 'DeleteInboxMessage', id })).status).toBe(404);

    // The sender's copy stays, readable, until the sender deletes it too.
    const sent = await profileInput(a.actor, { mode: 'LoadInbox', box: 'sent' });
    expect((sent.body.data as { id: string }[]).map((entry) => entry.id)).toEqual([id]);
    expect((await profileInput(a.actor, { mode: 'ReadInboxMessage', id })).status).toBe(200);
    expect(await profileInput(a.actor, { mode: 'DeleteInboxMessage', id })).toMatchObject({
      status: 200,
      body: { data: { id, box: 'sent' } },
    });
    expect(await db.select().from(messages).where(eq(messages.id, id))).toEqual([]);
  });

  it('getYourProfile carries the newest received messages with their ids', async () => {
    const { a, b } = await twoMembers();
    await send(a.actor, { recipient: b.user.username, subject: 'First', message: 'x' });
    await send(a.actor, { recipient: b.user.username, subject: 'Second', message: 'y' });
    const result = await profileInput(b.actor, { mode: 'getYourProfile' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ videosLength: 0, friendsLength: 0 });
    const data = result.body.data as {
      username: string;
      unreadCount: number;
      inbox: { id: string; subject: string }[];
    };
    expect(data.username).toBe(b.user.username);
    expect(data.unreadCount).toBe(2);
    expect(data.inbox.map((entry) => entry.subject).sort()).toEqual(['First', 'Second']);
    expect(data.inbox.every((entry) => typeof entry.id === 'string' && entry.id.length > 0)).toBe(
      true,
    );
  });
});
