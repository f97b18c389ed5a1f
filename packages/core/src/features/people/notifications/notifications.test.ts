import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import {
  notifications,
  subscriptions,
  videos,
  NOTIFICATION_EMAIL_MODES as SCHEMA_MODES,
  NOTIFICATION_KINDS as SCHEMA_KINDS,
} from '../../../platform/db/schema';
import { createLogger } from '../../../platform/logging/logger';
import { createMailer } from '../../../platform/mail/mailer';
import { startTestSmtpServer } from '../../../../test-support/test-smtp-server';
import { sendMessageEndpoint } from '../messages/messages.endpoints';
import { commentsEndpoint } from '../../community/comments/comments.endpoints';
import { profileInputEndpoint } from '../profiles/profile-input.endpoints';
import { createVideo } from '../../../../test-support/video-factory';
import { testConfig, createTestContext } from '../../../../test-support/test-context';
import { adminEndpoint } from '../../moderation/staff/admin.endpoints';
import { firstWords, notifyOnCommentReplies } from '../../community/comments/comment-replies';
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from './notification-kinds';
import { createUser } from '../../../../test-support/factories';
import { createTestMediaServices } from '../../../../test-support/media-services';
import { createTestDatabase } from '../../../../test-support/test-db';
import { unitOf } from '../../../platform/db/unit-of-work';
import type { ProcessingEvent } from '../../../platform/events/processing-events';
import { notificationDigestJob, notificationMailJob } from './notification-jobs';
import {
  sendDueNotificationMails,
  sendNotificationDigests,
  unsubscribeLinks,
} from './notification-mail';
import { notificationsEndpoint } from './notifications.endpoints';
import {
  countUnreadNotifications,
  notify,
  notifyVideoPublished,
  readUnsubscribeToken,
  unsubscribeByToken,
  unsubscribeToken,
} from './notifications.service';

const handle = await createTestDatabase();
const { db } = handle;
const media = await createTestMediaServices(handle, [notificationMailJob, notificationDigestJob]);
const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';
const settings = { publicUrl: 'http://site.test', siteName: 'Cutroom', secret: SECRET };

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let mailer: ReturnType<typeof createMailer>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Cutroom <no-reply@site.test>',
    outboxDir: '/nonexistent',
    log: createLogger({ level: 'silent' }),
  });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

const contextOf = (actor: Actor | null) => ({ ...createTestContext(db, { actor }), media });
const call = (actor: Actor | null, body: object) =>
  dispatch(notificationsEndpoint, body, contextOf(actor));
const profileInput = (actor: Actor | null, body: object) =>
  dispatch(profileInputEndpoint, body, contextOf(actor));

/** The bell events one member's stream would carry, while `run` runs. */
async function bellEventsOf(userId: string, run: () => Promise<unknown>) {
  const heard: ProcessingEvent[] = [];
  const stop = media.events.subscribe((event) => heard.push(event), { ownerId: userId });
  try {
    await run();
  } finally {
    stop();
  }
  return heard.filter((event) => event.type === 'notifications');
}

const kindsOf = async (userId: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.kind,
  );

describe('what notifies whom', () => {
  it('a message notifies its recipient, live, and not its sender', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const events = await bellEventsOf(a.user.id, async () => {
      const sent = await dispatch(
        sendMessageEndpoint,
        { recipient: a.user.username, subject: 'Hello there', message: 'Hi' },
        contextOf(b.actor),
      );
      expect(sent.status).toBe(201);
    });
    expect(events).toEqual([{ type: 'notifications', ownerId: a.user.id }]);
    const list = await call(a.actor, { mode: 'List' });
    expect(list.body).toMatchObject({ count: 1, unreadCount: 1 });
    const [entry] = list.body.data as { text: string; targetPath: string; actor: unknown }[];
    expect(entry!.text).toBe(`${b.user.username} sent you a message: “Hello there”`);
    expect(entry!.targetPath).toMatch(/^\/inbox\/[A-Za-z0-9]+$/);
    expect(await kindsOf(b.user.id)).toEqual([]);
  });

  it('a friend request notifies the addressee; accepting notifies the one who asked; declining nobody', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const c = await createUser(db);
    const events = await bellEventsOf(a.user.id, () =>
      profileInput(b.actor, { mode: 'SendFriendRequest', username: a.user.username }),
    );
    expect(events).toHaveLength(1);
    expect(await kindsOf(a.user.id)).toEqual(['friend_request']);
    const list = await call(a.actor, { mode: 'List' });
    expect((list.body.data as { text: string }[])[0]!.text).toBe(
      `${b.user.username} sent you a friend request`,
    );
    await profileInput(a.actor, { mode: 'AcceptFriendRequest', username: b.user.username });
    expect(await kindsOf(b.user.id)).toEqual(['friend_accepted']);
    await profileInput(c.actor, { mode: 'SendFriendRequest', username: a.user.username });
    await profileInput(a.actor, { mode: 'DeclineFriendRequest', username: c.user.username });
    expect(await kindsOf(c.user.id)).toEqual([]);
    // A request that meets one coming the other way is an acceptance.
    const d = await createUser(db);
    await profileInput(d.actor, { mode: 'SendFriendRequest', username: c.user.username });
    await profileInput(c.actor, { mode: 'SendFriendRequest', username: d.user.username });
    expect(await kindsOf(d.user.id)).toEqual(['friend_accepted']);
  });

  it('a published video tells its owner it is ready and each subscriber it is out', async () => {
    const owner = await createUser(db);
    const fan = await createUser(db);
    const other = await createUser(db);
    await db.insert(subscriptions).values({ subscriberId: fan.user.id, channelId: owner.user.id });
    const video = await createVideo(db, { ownerId: owner.user.id, title: 'Dusk' });
    await notifyVideoPublished(unitOf({ db, now: () => new Date() }), media, video);
    expect(await kindsOf(owner.user.id)).toEqual(['video_processed']);
    expect(await kindsOf(fan.user.id)).toEqual(['new_video']);
    expect(await kindsOf(other.user.id)).toEqual([]);
    const fanList = await call(fan.actor, { mode: 'List' });
    expect((fanList.body.data as { text: string }[])[0]!.text).toBe(
      `${owner.user.username} published “Dusk”`,
    );

    // Made private (and renamed): the notice names it no more, nor leads to it.
    await db
      .update(videos)
      .set({ visibility: 'private', status: 'hidden', title: 'Hidden name' })
      .where(eq(videos.id, video.id));
    const closed = (await call(fan.actor, { mode: 'List' })).body.data as {
      id: string;
      text: string;
      targetPath: string;
    }[];
    expect(closed[0]).toMatchObject({
      text: `${owner.user.username} published “a video you can no longer open”`,
      targetPath: '/notifications',
    });
    expect(JSON.stringify(closed)).not.toContain(video.id);
    const opened = await call(fan.actor, { mode: 'MarkRead', id: closed[0]!.id });
    expect(opened.body.targetPath).toBe('/notifications');
    // Its owner is still told of it.
    const ownerList = (await call(owner.actor, { mode: 'List' })).body.data as { text: string }[];
    expect(ownerList[0]!.text).toContain('Dusk');
  });

  it('never tells a member of their own doing, nor leads off the site', async () => {
    const a = await createUser(db);
    await notify(unitOf({ db, now: () => new Date() }), media, {
      userId: a.user.id,
      kind: 'message',
      actorId: a.user.id,
      targetPath: '/inbox',
    });
    await notify(unitOf({ db, now: () => new Date() }), media, {
      userId: a.user.id,
      kind: 'message',
      targetPath: '//evil.test',
    });
    await notify(unitOf({ db, now: () => new Date() }), media, {
      userId: a.user.id,
      kind: 'message',
      targetPath: 'https://x.test',
    });
    expect(await countUnreadNotifications(db, a.user.id)).toBe(0);
  });
});

describe('replies to comments', () => {
  it("a reply tells the comment's author through the comments' reply hook, live", async () => {
    const stop = notifyOnCommentReplies(media);
    try {
      const author = await createUser(db);
      const replier = await createUser(db);
      const video = await createVideo(db, { ownerId: replier.user.id, title: 'Night drive' });
      const config = { ...testConfig, COMMENT_HOLD_NEW_ACCOUNT_HOURS: 0 };
      const comment = (body: object, actor: Actor) =>
        dispatch(
          commentsEndpoint,
          { mode: 'Create', videoId: video.id, ...body },
          {
            ...createTestContext(db, { actor, config }),
            media,
          },
        );
      const parent = await comment({ text: 'Which song is this?' }, author.actor);
      expect(parent.status, JSON.stringify(parent.body)).toBe(201);
      let reply: { status: number; body: Record<string, unknown> } | undefined;
      const events = await bellEventsOf(author.user.id, async () => {
        reply = await comment(
          { text: 'It is   Midnight City\nby M83', parentId: parent.body.id },
          replier.actor,
        );
      });
      expect(events).toHaveLength(1);
      const list = await call(author.actor, { mode: 'List' });
      // It leads to the reply itself and quotes what was said.
      expect(list.body.data).toMatchObject([
        {
          kind: 'comment_reply',
          targetPath: `/video/${video.id}#comment-${String(reply!.body.id)}`,
          text: `${replier.user.username} replied to your comment on “Night drive”`,
          detail: 'It is Midnight City by M83',
        },
      ]);
      // The author answering under their own comment tells nobody.
      await comment({ text: 'Thanks!', parentId: parent.body.id }, author.actor);
      expect(await countUnreadNotifications(db, author.user.id)).toBe(1);
    } finally {
      stop();
    }
  });
});

describe('reading notifications', () => {
  it("lists the schema's kinds and modes, the same for the browser", () => {
    expect([...NOTIFICATION_KINDS]).toEqual([...SCHEMA_KINDS]);
    expect([...NOTIFICATION_EMAIL_MODES]).toEqual([...SCHEMA_MODES]);
  });

  it('marks one read (answering where it leads), then all; the bell hears each change', async () => {
    const a = await createUser(db);
    // A second apart: made in the same millisecond, two would tie on their time, and the list
    // would order them by id.
    const start = Date.now();
    for (const [index, title] of ['one', 'two', 'three'].entries()) {
      await notify(
        { ...unitOf({ db, now: () => new Date() }), now: () => new Date(start + index * 1000) },
        media,
        {
          userId: a.user.id,
          kind: 'video_processed',
          targetPath: `/video/${title}`,
          targetTitle: title,
        },
      );
    }
    expect((await call(a.actor, { mode: 'Count' })).body).toMatchObject({ unreadCount: 3 });
    const list = await call(a.actor, { mode: 'List' });
    const newest = (list.body.data as { id: string; targetPath: string }[])[0]!;
    expect(newest.targetPath).toBe('/video/three');
    const events = await bellEventsOf(a.user.id, async () => {
      const opened = await call(a.actor, { mode: 'MarkRead', id: newest.id });
      expect(opened.body).toMatchObject({ targetPath: '/video/three', unreadCount: 2 });
      // Opening it again changes nothing and tells nobody.
      expect((await call(a.actor, { mode: 'MarkRead', id: newest.id })).body).toMatchObject({
        unreadCount: 2,
      });
    });
    expect(events).toHaveLength(1);
    const all = await call(a.actor, { mode: 'MarkAllRead' });
    expect(all.body).toMatchObject({ marked: 2, unreadCount: 0 });
    expect(await countUnreadNotifications(db, a.user.id)).toBe(0);
  });

  it("answers 404 for another member's notification and leaves it unread", async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    await notify(unitOf({ db, now: () => new Date() }), media, {
      userId: a.user.id,
      kind: 'video_processed',
      targetPath: '/video/x',
    });
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    const answer = await call(b.actor, { mode: 'MarkRead', id: row!.id });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('This notification does not exist');
    expect(await countUnreadNotifications(db, a.user.id)).toBe(1);
  });

  it('refuses visitors and bad input with a sentence naming the field', async () => {
    expect((await call(null, { mode: 'List' })).status).toBe(401);
    const a = await createUser(db);
    const bad = await call(a.actor, { mode: 'MarkRead', id: 'not an id!' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/^id: /);
    const badKind = await call(a.actor, { mode: 'SaveSetting', kind: 'gossip', email: 'off' });
    expect(badKind.status).toBe(400);
    expect(String(badKind.body.error)).toMatch(/^kind: /);
    const badMode = await call(a.actor, { mode: 'SaveSetting', kind: 'message', email: 'hourly' });
    expect(String(badMode.body.error)).toMatch(/^email: /);
  });

  it('pages the list 18 at a time, newest first', async () => {
    const a = await createUser(db);
    const start = Date.now() - 60_000;
    for (let n = 0; n < 20; n++) {
      await notify(
        { ...unitOf({ db, now: () => new Date() }), now: () => new Date(start + n * 1000) },
        {},
        {
          userId: a.user.id,
          kind: 'video_processed',
          targetPath: `/video/v${n}`,
          targetTitle: `v${n}`,
        },
      );
    }
    const first = await call(a.actor, { mode: 'List' });
    expect(first.body).toMatchObject({ count: 20, hasMore: true, index: 0 });
    expect((first.body.data as { targetTitle: string }[])[0]!.targetTitle).toBe('v19');
    const second = await call(a.actor, { mode: 'List', index: 1 });
    expect((second.body.data as unknown[]).length).toBe(2);
    expect(second.body.hasMore).toBe(false);
  });
});

describe('e-mail', () => {
  it('has defaults per kind and keeps what the member chooses', async () => {
    const a = await createUser(db);
    const loaded = await call(a.actor, { mode: 'LoadSettings' });
    const byKind = Object.fromEntries(
      (loaded.body.data as { kind: string; email: string }[]).map((row) => [row.kind, row.email]),
    );
    expect(byKind).toMatchObject({
      ticket_answer: 'immediate',
      message: 'digest',
      new_video: 'off',
    });
    const saved = await call(a.actor, {
      mode: 'SaveSetting',
      kind: 'new_video',
      email: 'immediate',
    });
    expect(saved.status).toBe(200);
    const again = await call(a.actor, { mode: 'LoadSettings' });
    expect(again.body.data).toContainEqual({ kind: 'new_video', email: 'immediate' });
  });

  it('sends an at-once e-mail once, with one-click unsubscribe headers that turn that kind off', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    await call(a.actor, { mode: 'SaveSetting', kind: 'friend_request', email: 'immediate' });
    const since = smtp.received.length;
    await profileInput(b.actor, { mode: 'SendFriendRequest', username: a.user.username });
    // The notification queued its mail job.
    const queued = await media.queue.boss.fetch(notificationMailJob.name);
    expect(queued?.length ?? 0).toBeGreaterThan(0);
    expect(await sendDueNotificationMails({ db, now: () => new Date() }, mailer, settings)).toBe(1);
    const mail = await smtp.waitForMail(a.user.email, { since });
    expect(mail.subject).toContain(`${b.user.username} sent you a friend request`);
    expect(mail.text).toContain('http://site.test/profile?tab=friends');
    const links = unsubscribeLinks(settings, a.user.id, 'friend_request');
    const headers = mail.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${links.post}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain(links.page);
    // Nothing is sent twice.
    expect(await sendDueNotificationMails({ db, now: () => new Date() }, mailer, settings)).toBe(0);
    const token = new URL(links.post).searchParams.get('token')!;
    expect(await unsubscribeByToken({ db, now: () => new Date() }, SECRET, token)).toEqual({
      kinds: ['friend_request'],
    });
    expect((await call(a.actor, { mode: 'LoadSettings' })).body.data).toContainEqual({
      kind: 'friend_request',
      email: 'off',
    });
  });

  it('mails a member that staff disabled the account, and why, and that it is enabled again', async () => {
    const member = await createUser(db);
    const staff = await createUser(db, { role: 'moderator' });
    const staffCall = (body: object) =>
      dispatch(adminEndpoint, body, { ...createTestContext(db, { actor: staff.actor }), media });
    const disabledAt = smtp.received.length;
    const disabled = await staffCall({
      mode: 'DisableMember',
      userId: member.user.id,
      reason: 'Spam in messages',
    });
    expect(disabled.status).toBe(200);
    expect(
      await sendDueNotificationMails({ db, now: () => new Date() }, mailer, settings),
    ).toBeGreaterThanOrEqual(1);
    const told = await smtp.waitForMail(member.user.email, { since: disabledAt });
    expect(told.subject).toContain('Staff disabled your account');
    // The site's sentence (docs/messages.md) word for word, then the reason.
    expect(told.text).toContain(
      'This account has been disabled. Have you been a bad boy? Please contact support. Reason: Spam in messages',
    );

    const enabledAt = smtp.received.length;
    expect((await staffCall({ mode: 'EnableMember', userId: member.user.id })).status).toBe(200);
    expect(
      await sendDueNotificationMails({ db, now: () => new Date() }, mailer, settings),
    ).toBeGreaterThanOrEqual(1);
    const back = await smtp.waitForMail(member.user.email, { since: enabledAt });
    expect(back.subject).toContain('Staff enabled your account again');
  });

  it('refuses an unsubscribe token that is forged, altered or for a missing member', async () => {
    const a = await createUser(db);
    const token = unsubscribeToken(SECRET, a.user.id, 'message');
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: a.user.id, scope: 'message' });
    expect(readUnsubscribeToken('another-secret-another-secret-another', token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace('.message.', '.new_video.'))).toBeNull();
    expect(readUnsubscribeToken(SECRET, 'garbage')).toBeNull();
    await expect(
      unsubscribeByToken({ db, now: () => new Date() }, SECRET, `${token}x`),
    ).rejects.toThrow('This unsubscribe link is not valid');
    await expect(
      unsubscribeByToken(
        { db, now: () => new Date() },
        SECRET,
        unsubscribeToken(SECRET, 'nobody', 'message'),
      ),
    ).rejects.toThrow('This unsubscribe link is not valid');
  });

  it('gathers digest notifications into one mail a member; turning the kind off drops waiting ones', async () => {
    const a = await createUser(db);
    const b = await createUser(db);
    const c = await createUser(db);
    for (const subject of ['First', 'Second']) {
      await dispatch(
        sendMessageEndpoint,
        { recipient: a.user.username, subject, message: 'text' },
        contextOf(b.actor),
      );
    }
    await dispatch(
      sendMessageEndpoint,
      { recipient: c.user.username, subject: 'Third', message: 'text' },
      contextOf(b.actor),
    );
    await call(c.actor, { mode: 'SaveSetting', kind: 'message', email: 'off' });
    const since = smtp.received.length;
    const sent = await sendNotificationDigests({ db, now: () => new Date() }, mailer, settings);
    const toA = smtp.received.slice(since).filter((mail) => mail.to.includes(a.user.email));
    expect(toA).toHaveLength(1);
    expect(toA[0]!.subject).toContain('2 notifications');
    expect(toA[0]!.text).toContain('“First”');
    expect(toA[0]!.text).toContain('“Second”');
    expect(smtp.received.slice(since).some((mail) => mail.to.includes(c.user.email))).toBe(false);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await sendNotificationDigests({ db, now: () => new Date() }, mailer, settings)).toBe(0);
    // The digest link turns off every kind that came in the digest.
    const token = unsubscribeToken(SECRET, a.user.id, 'digest');
    expect((await unsubscribeByToken({ db, now: () => new Date() }, SECRET, token)).kinds).toEqual([
      'message',
    ]);
  });

  it('sends no mail to an unverified account', async () => {
    const a = await createUser(db, { emailVerified: false });
    await notify(
      unitOf({ db, now: () => new Date() }),
      {},
      { userId: a.user.id, kind: 'ticket_answer', targetPath: '/ticket/history/1' },
    );
    const since = smtp.received.length;
    await sendDueNotificationMails({ db, now: () => new Date() }, mailer, settings);
    expect(smtp.received.slice(since).some((mail) => mail.to.includes(a.user.email))).toBe(false);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')(
  'the bell across processes (PostgreSQL LISTEN/NOTIFY)',
  () => {
    it("a notification made in a worker reaches a web node's subscriber of that member only", async () => {
      const { PostgresEvents } = await import('../../../platform/events/postgres-events');
      const url = (db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const log = createLogger({ level: 'silent' });
      const web = await PostgresEvents.start({ url, log });
      const worker = await PostgresEvents.start({ url, log });
      try {
        const owner = await createUser(db);
        const fan = await createUser(db);
        const stranger = await createUser(db);
        await db
          .insert(subscriptions)
          .values({ subscriberId: fan.user.id, channelId: owner.user.id });
        const heard: ProcessingEvent[] = [];
        web.subscribe((event) => heard.push(event), { ownerId: fan.user.id });
        web.subscribe((event) => heard.push(event), { ownerId: stranger.user.id });
        const markers: ProcessingEvent[] = [];
        web.subscribe((event) => markers.push(event), { ownerId: 'marker' });
        await notifyVideoPublished(
          unitOf({ db, now: () => new Date() }),
          { events: worker },
          {
            id: 'crossproc1',
            ownerId: owner.user.id,
            title: 'Across',
          },
        );
        // A marker the worker sends after the notifications: they arrive in the order sent, so
        // when the marker is heard, any event for the stranger would have been heard before it.
        worker.publish({ type: 'notifications', ownerId: 'marker' });
        const deadline = Date.now() + 5000;
        while (markers.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(markers).toHaveLength(1);
        expect(heard).toEqual([{ type: 'notifications', ownerId: fan.user.id }]);
      } finally {
        await web.stop();
        await worker.stop();
      }
    });
  },
);

describe('firstWords', () => {
  it('quotes the start of a reply on one line, cut at a word', () => {
    expect(firstWords('  short\n\nreply  ')).toBe('short reply');
    const long = `${'word '.repeat(30)}end`;
    const quoted = firstWords(long, 22);
    expect(quoted).toBe('word word word word…');
    expect(firstWords('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
