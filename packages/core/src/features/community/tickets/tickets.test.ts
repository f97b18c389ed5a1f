import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { notifications, ticketImages, tickets } from '../../../platform/db/schema';
import { notificationMailJob } from '../../people/notifications/notification-jobs';
import { createUser } from '../../../../test-support/factories';
import { createTestMediaServices } from '../../../../test-support/media-services';
import { createTestContext, testConfig } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { ticketsEndpoint } from './tickets.endpoints';
import { openTicketImage } from './tickets.service';

const handle = await createTestDatabase();
const { db } = handle;
const media = await createTestMediaServices(handle, [notificationMailJob]);

/** A real 4×4 PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==';

const call = (actor: Actor | null, body: object, config = testConfig) =>
  dispatch(ticketsEndpoint, body, { ...createTestContext(db, { actor, config }), media });

const open = (actor: Actor, extra: object = {}) =>
  call(actor, {
    mode: 'Create',
    category: 'upload',
    subject: 'My upload is stuck',
    message: 'It stays at 40 %.\nWhat can I do?',
    ...extra,
  });

describe('opening a ticket', () => {
  it('stores the ticket, its first post and its image, checked by content', async () => {
    const { actor, user } = await createUser(db);
    const created = await open(actor, { images: [PNG] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: 'open' });
    const id = created.body.id as number;
    expect(created.body.ref).toBe(`T-${id}`);
    const loaded = await call(actor, { mode: 'Load', id });
    const data = loaded.body.data as {
      username: string;
      state: string;
      thread: { body: string; author: string; images: { url: string; contentType: string }[] }[];
    };
    expect(data).toMatchObject({ username: user.username, state: 'open', category: 'upload' });
    expect(data.thread).toHaveLength(1);
    expect(data.thread[0]!.body).toBe('It stays at 40 %.\nWhat can I do?');
    expect(data.thread[0]!.images).toHaveLength(1);
    expect(data.thread[0]!.images[0]!.contentType).toBe('image/png');
    const [image] = await db.select().from(ticketImages);
    const stored = await media.storage.stat(image!.storageKey);
    expect(stored?.size).toBe(image!.bytes);
    expect(image!.storageKey).toMatch(/^tickets\/[0-9a-f]{32}\/1\.png$/);
    expect(data.thread[0]!.images[0]!.url).toBe(`/api/tickets/image/${image!.id}`);
    // The image goes to its member and to staff, and to nobody else (404 alike).
    const opened = await openTicketImage({ db, actor }, media.storage, image!.id);
    expect(opened.contentType).toBe('image/png');
    opened.body.destroy();
    const staff = await createUser(db, { role: 'moderator' });
    (await openTicketImage({ db, actor: staff.actor }, media.storage, image!.id)).body.destroy();
    const other = await createUser(db);
    await expect(
      openTicketImage({ db, actor: other.actor }, media.storage, image!.id),
    ).rejects.toThrow('This image does not exist');
    await expect(openTicketImage({ db, actor: null }, media.storage, image!.id)).rejects.toThrow();
  });

  it('refuses a file that is not an image whatever it claims, and keeps nothing', async () => {
    const { actor, user } = await createUser(db);
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="x">').toString('base64')}`;
    const answer = await open(actor, { images: [fake] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('images: each image must be a JPEG, PNG, GIF or WebP picture');
    expect(await db.select().from(tickets).where(eq(tickets.userId, user.id))).toEqual([]);
  });

  it('refuses an image over TICKET_IMAGE_MAX_BYTES and more than three images', async () => {
    const { actor } = await createUser(db);
    const small = { ...testConfig, TICKET_IMAGE_MAX_BYTES: 50 };
    const big = await call(
      actor,
      { mode: 'Create', category: 'other', subject: 's', message: 'm', images: [PNG] },
      small,
    );
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('images: each image may be at most 50 bytes');
    const many = await open(actor, { images: [PNG, PNG, PNG, PNG] });
    expect(many.status).toBe(400);
    expect(String(many.body.error)).toMatch(/^images: /);
  });

  it('names the field of each bad input', async () => {
    const { actor } = await createUser(db);
    const cases: [object, RegExp][] = [
      [{ category: 'billing' }, /^category: /],
      [{ subject: '   ' }, /^subject: /],
      [{ subject: 'x'.repeat(151) }, /^subject: /],
      [{ message: '' }, /^message: /],
      [{ message: 'x'.repeat(5001) }, /^message: /],
      [{ images: 'not a list' }, /^images: /],
    ];
    for (const [extra, error] of cases) {
      const answer = await open(actor, extra);
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(String(answer.body.error)).toMatch(error);
    }
  });

  it('asks a visitor to sign in and limits a member to five tickets an hour', async () => {
    expect((await call(null, { mode: 'Create' })).status).toBe(401);
    const { actor } = await createUser(db);
    for (let n = 0; n < 5; n++) expect((await open(actor)).status).toBe(201);
    expect((await open(actor)).status).toBe(429);
  });
});

describe('the thread', () => {
  it("answers 404 for another member's ticket, for reading, replying and closing", async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const id = (await open(a.actor)).body.id as number;
    for (const body of [
      { mode: 'Load', id },
      { mode: 'Reply', id, message: 'me too' },
      { mode: 'Close', id },
    ]) {
      const answer = await call(b.actor, body);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('This ticket does not exist');
    }
    expect((await call(a.actor, { mode: 'List' })).body.count).toBe(1);
    expect((await call(b.actor, { mode: 'List' })).body.count).toBe(0);
  });

  it('staff answer (answered, the member told), the member replies (open again) and closes; a closed ticket reopens on a reply', async () => {
    const member = await createUser(db);
    const staff = await createUser(db, { role: 'moderator' });
    const id = (await open(member.actor)).body.id as number;

    const queue = await call(staff.actor, { mode: 'Queue', state: 'open' });
    expect((queue.body.data as { id: number }[]).map((row) => row.id)).toContain(id);

    const answered = await call(staff.actor, {
      mode: 'Answer',
      id,
      message: 'Try uploading again.',
    });
    expect(answered.body).toMatchObject({ id, state: 'answered' });
    const [told] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(told).toMatchObject({
      kind: 'ticket_answer',
      targetPath: `/ticket/history/${id}`,
      targetTitle: 'My upload is stuck',
      emailMode: 'immediate',
    });
    const thread = (await call(member.actor, { mode: 'Load', id })).body.data as {
      state: string;
      thread: { author: string; fromStaff: boolean }[];
    };
    expect(thread.state).toBe('answered');
    expect(thread.thread.map((post) => post.author)).toEqual([member.user.username, 'Support']);
    const staffThread = (await call(staff.actor, { mode: 'StaffLoad', id })).body.data as {
      thread: { author: string }[];
    };
    expect(staffThread.thread[1]!.author).toBe(staff.user.username);

    expect((await call(member.actor, { mode: 'Reply', id, message: 'Still stuck' })).body).toEqual({
      id,
      state: 'open',
      httpStatusCode: 200,
    });
    const kindsTold = async () =>
      (
        await db
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(eq(notifications.userId, member.user.id))
      )
        .map((row) => row.kind)
        .sort();
    expect((await call(member.actor, { mode: 'Close', id })).body.state).toBe('closed');
    // Closing one's own ticket tells nobody.
    expect(await kindsTold()).toEqual(['ticket_answer']);
    const again = await call(member.actor, { mode: 'Close', id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This ticket is already closed');
    expect((await call(member.actor, { mode: 'Reply', id, message: 'One more' })).body.state).toBe(
      'open',
    );
    expect((await call(staff.actor, { mode: 'StaffClose', id })).body.state).toBe('closed');
    // Staff closing it tell the member, who would otherwise wait for an answer.
    expect(await kindsTold()).toEqual(['ticket_answer', 'ticket_closed']);
    const counts = (await call(staff.actor, { mode: 'Queue', state: 'closed' })).body.counts;
    expect((counts as { closed: number }).closed).toBeGreaterThanOrEqual(1);
  });

  it('keeps the staff calls from members (403) and visitors (401)', async () => {
    const member = await createUser(db);
    const id = (await open(member.actor)).body.id as number;
    for (const actor of [member.actor, null]) {
      for (const body of [
        { mode: 'Queue' },
        { mode: 'StaffLoad', id },
        { mode: 'Answer', id, message: 'I am staff' },
        { mode: 'StaffClose', id },
      ]) {
        expect((await call(actor, body)).status, JSON.stringify(body)).toBe(actor ? 403 : 401);
      }
    }
    expect((await call(member.actor, { mode: 'Load', id })).body.data).toMatchObject({
      state: 'open',
    });
  });
});
