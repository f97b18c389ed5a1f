import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { loadConfig } from '../../../platform/config/config';
import { comments, users } from '../../../platform/db/schema';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createReport } from '../../moderation/reports/reports.service';
import { createVideo } from '../../../../test-support/video-factory';
import { privacyEndpoint } from '../../accounts/privacy/privacy.endpoints';
import { commentsEndpoint } from './comments.endpoints';
import {
  approveComment,
  commentEvents,
  countVideoComments,
  deleteComment,
  listHeldComments,
  type CommentReplyEvent,
} from './comments.service';
import { MAX_COMMENT_LENGTH } from './comments.schema';

const { db } = await createTestDatabase();

const UNVERIFIED =
  "Your email isn't verified. Please check your inbox or request a new verification email";

const config = loadConfig({ NODE_ENV: 'test' });

const call = (
  actor: Actor | null,
  mode: string,
  body: object,
  options: { config?: ReturnType<typeof loadConfig>; now?: () => Date } = {},
) =>
  dispatch(
    commentsEndpoint,
    { mode, ...body },
    createTestContext(db, { actor, config: options.config ?? config, now: options.now }),
  );

const DAY = 24 * 3600_000;

/** A member whose account is older than the hold period. */
async function member(options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(db, options);
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 10 * DAY) })
    .where(eq(users.id, created.user.id));
  return created;
}

async function videoOf(ownerId: string, status: 'published' | 'unpublished_user' = 'published') {
  return createVideo(db, { ownerId, status });
}

async function setting() {
  const uploader = await member();
  const a = await member();
  const b = await member();
  const video = await videoOf(uploader.user.id);
  return { uploader, a, b, video };
}

async function post(actor: Actor, videoId: string, text: string, parentId?: string) {
  const result = await call(actor, 'Create', { videoId, text, ...(parentId ? { parentId } : {}) });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body as { id: string; isHeld: boolean; parentId: string | null };
}

const list = async (actor: Actor | null, videoId: string, extra: object = {}) => {
  const result = await call(actor, 'List', { videoId, ...extra });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body as {
    data: Array<{
      id: string;
      text: string;
      editedAt: string | null;
      isHeld: boolean;
      canEdit: boolean;
      canDelete: boolean;
      replyCount: number;
      replies: Array<{ id: string; text: string; parentId: string }>;
    }>;
    totalCount: number;
    count: number;
    hasMore: boolean;
  };
};

describe('writing comments', () => {
  it('stores plain text for a verified member and anyone reads it, with the count', async () => {
    const { a, video } = await setting();
    const result = await call(a.actor, 'Create', {
      videoId: video.id,
      text: '  Great cut!\r\nThe drop at 1:23 <b>hits</b>  ',
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      text: 'Great cut!\nThe drop at 1:23 <b>hits</b>',
      author: { username: a.user.username },
      isHeld: false,
      canEdit: true,
      canDelete: true,
      editedAt: null,
      parentId: null,
    });
    const page = await list(null, video.id);
    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toMatchObject({
      text: 'Great cut!\nThe drop at 1:23 <b>hits</b>',
      canEdit: false,
      canDelete: false,
    });
  });

  it('asks a visitor to sign in and an unverified member to verify, storing nothing', async () => {
    const { video } = await setting();
    expect(await call(null, 'Create', { videoId: video.id, text: 'hi' })).toEqual({
      status: 401,
      body: { error: 'Please sign in to comment', httpStatusCode: 401 },
    });
    const unverified = await createUser(db, { emailVerified: false });
    expect(await call(unverified.actor, 'Create', { videoId: video.id, text: 'hi' })).toEqual({
      status: 403,
      body: { error: UNVERIFIED, httpStatusCode: 403 },
    });
    expect(await countVideoComments(db, video.id, null)).toBe(0);
  });

  it('refuses an empty or too long comment with a message naming the field', async () => {
    const { a, video } = await setting();
    for (const text of ['', '   \n\t ', '\u0007']) {
      const result = await call(a.actor, 'Create', { videoId: video.id, text });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe('text: write something first: a comment cannot be empty');
    }
    const long = await call(a.actor, 'Create', {
      videoId: video.id,
      text: 'x'.repeat(MAX_COMMENT_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(
      `text: a comment may be at most ${MAX_COMMENT_LENGTH} characters long`,
    );
    expect(await call(a.actor, 'Create', { videoId: video.id })).toMatchObject({ status: 400 });
    expect(await countVideoComments(db, video.id, a.user.id)).toBe(0);
    const ok = await call(a.actor, 'Create', {
      videoId: video.id,
      text: 'y'.repeat(MAX_COMMENT_LENGTH),
    });
    expect(ok.status).toBe(201);
  });

  it('threads one level: a reply to a reply answers the top-level comment', async () => {
    const { a, b, video } = await setting();
    const top = await post(a.actor, video.id, 'First');
    const r1 = await post(b.actor, video.id, 'Reply', top.id);
    const r2 = await post(a.actor, video.id, 'Reply to the reply', r1.id);
    expect(r1.parentId).toBe(top.id);
    expect(r2.parentId).toBe(top.id);
    const page = await list(null, video.id);
    expect(page.count).toBe(1);
    expect(page.totalCount).toBe(3);
    expect(page.data[0]!.replyCount).toBe(2);
    expect(page.data[0]!.replies.map((r) => r.text)).toEqual(['Reply', 'Reply to the reply']);
  });

  it('refuses a reply to a comment of another video or one that does not exist', async () => {
    const { a, video, uploader } = await setting();
    const other = await videoOf(uploader.user.id);
    const top = await post(a.actor, other.id, 'Elsewhere');
    for (const parentId of [top.id, 'nosuchcomment']) {
      expect(
        await call(a.actor, 'Create', { videoId: video.id, text: 'x', parentId }),
      ).toMatchObject({ status: 404, body: { error: "This comment doesn't exist" } });
    }
  });

  it('limits how many comments a member posts in the window, in words', async () => {
    const { a, b, video } = await setting();
    const limited = loadConfig({
      NODE_ENV: 'test',
      COMMENT_RATE_LIMIT_MAX: '2',
      COMMENT_RATE_LIMIT_WINDOW: '600',
    });
    const start = Date.now();
    const at = (ms: number) => () => new Date(start + ms);
    for (const n of [1, 2]) {
      const ok = await call(
        a.actor,
        'Create',
        { videoId: video.id, text: `c${n}` },
        { config: limited, now: at(n) },
      );
      expect(ok.status).toBe(201);
    }
    const refused = await call(
      a.actor,
      'Create',
      { videoId: video.id, text: 'c3' },
      { config: limited, now: at(3) },
    );
    expect(refused).toEqual({
      status: 429,
      body: {
        error:
          'You are commenting too fast: at most 2 comments in 10 minutes. Please wait a little and try again.',
        httpStatusCode: 429,
      },
    });
    // Another member is not limited by the first one's comments.
    expect(
      (
        await call(
          b.actor,
          'Create',
          { videoId: video.id, text: 'b' },
          { config: limited, now: at(4) },
        )
      ).status,
    ).toBe(201);
    // After the window the member may comment again.
    const later = await call(
      a.actor,
      'Create',
      { videoId: video.id, text: 'c4' },
      { config: limited, now: at(601_000) },
    );
    expect(later.status).toBe(201);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit, marks the comment edited, and refuses anyone else', async () => {
    const { a, b, uploader, video } = await setting();
    const mod = await member({ role: 'moderator' });
    const mine = await post(a.actor, video.id, 'Frist');
    const edited = await call(a.actor, 'Edit', { commentId: mine.id, text: 'First' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'First' });
    expect(edited.body.editedAt).toEqual(expect.any(String));
    for (const other of [b, uploader, mod]) {
      expect(await call(other.actor, 'Edit', { commentId: mine.id, text: 'Hijacked' })).toEqual({
        status: 403,
        body: { error: 'Only the author of a comment can edit it', httpStatusCode: 403 },
      });
    }
    expect(await call(null, 'Edit', { commentId: mine.id, text: 'x' })).toMatchObject({
      status: 401,
    });
    expect(await call(a.actor, 'Edit', { commentId: mine.id, text: ' ' })).toMatchObject({
      status: 400,
      body: { error: 'text: write something first: a comment cannot be empty' },
    });
    const page = await list(b.actor, video.id);
    expect(page.data[0]).toMatchObject({ text: 'First', canEdit: false, canDelete: false });
    expect(page.data[0]!.editedAt).not.toBeNull();
  });

  it('lets the author, the uploader and staff delete; no one else', async () => {
    const { a, b, uploader, video } = await setting();
    const mod = await member({ role: 'moderator' });
    const first = await post(a.actor, video.id, 'one');
    const second = await post(a.actor, video.id, 'two');
    const third = await post(a.actor, video.id, 'three');
    expect(await call(b.actor, 'Delete', { commentId: first.id })).toEqual({
      status: 403,
      body: {
        error:
          "Only the comment's author, the video's uploader or a moderator can delete this comment",
        httpStatusCode: 403,
      },
    });
    expect((await list(uploader.actor, video.id)).data.every((c) => c.canDelete)).toBe(true);
    expect((await call(a.actor, 'Delete', { commentId: first.id })).status).toBe(200);
    expect((await call(uploader.actor, 'Delete', { commentId: second.id })).status).toBe(200);
    const byStaff = await call(mod.actor, 'Delete', {
      commentId: third.id,
      reason: 'Spam link',
    });
    expect(byStaff).toEqual({
      status: 200,
      body: { id: third.id, deleted: true, httpStatusCode: 200 },
    });
    const [row] = await db.select().from(comments).where(eq(comments.id, third.id));
    expect(row).toMatchObject({ deletedById: mod.user.id, deleteReason: 'Spam link' });
    expect((await list(null, video.id)).totalCount).toBe(0);
    expect(await call(a.actor, 'Delete', { commentId: first.id })).toMatchObject({
      status: 404,
      body: { error: "This comment doesn't exist" },
    });
  });

  it('takes the replies with a deleted top-level comment', async () => {
    const { a, b, video } = await setting();
    const top = await post(a.actor, video.id, 'top');
    await post(b.actor, video.id, 'reply', top.id);
    expect((await list(null, video.id)).totalCount).toBe(2);
    await deleteComment({ db, actor: a.actor, now: () => new Date() }, { commentId: top.id });
    expect((await list(null, video.id)).totalCount).toBe(0);
  });
});

describe('reading', () => {
  it('pages top-level comments and replies ("more comments", "more replies")', async () => {
    const { a, b, video } = await setting();
    const start = Date.now() - 100_000;
    for (let n = 0; n < 23; n += 1) {
      await db.insert(comments).values({
        id: `c${video.id}${n}`,
        videoId: video.id,
        authorId: a.user.id,
        body: `comment ${n}`,
        createdAt: new Date(start + n * 1000),
      });
    }
    const top = `c${video.id}22`;
    for (let n = 0; n < 12; n += 1) {
      await db.insert(comments).values({
        id: `r${video.id}${n}`,
        videoId: video.id,
        authorId: b.user.id,
        parentId: top,
        body: `reply ${n}`,
        createdAt: new Date(start + 50_000 + n * 1000),
      });
    }
    const first = await list(null, video.id);
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ count: 23, hasMore: true, totalCount: 35 });
    expect(first.data[0]!.text).toBe('comment 22');
    expect(first.data[0]!.replies).toHaveLength(10);
    expect(first.data[0]!.replyCount).toBe(12);
    const second = await list(null, video.id, { index: 1 });
    expect(second.data.map((c) => c.text)).toEqual(['comment 2', 'comment 1', 'comment 0']);
    expect(second.hasMore).toBe(false);
    const moreReplies = await call(null, 'Replies', { commentId: top, index: 1 });
    expect(moreReplies.status).toBe(200);
    expect((moreReplies.body.data as { text: string }[]).map((r) => r.text)).toEqual([
      'reply 10',
      'reply 11',
    ]);
    // Top: the comment that drew the replies first, then the newest.
    const byTop = await list(null, video.id, { order: 'top' });
    expect(byTop.data.slice(0, 2).map((c) => c.text)).toEqual(['comment 22', 'comment 21']);
    const topOfOlder = `c${video.id}3`;
    await post(b.actor, video.id, 'a', topOfOlder);
    await post(b.actor, video.id, 'b', topOfOlder);
    await post(b.actor, video.id, 'c', topOfOlder);
    await post(b.actor, video.id, 'd', `c${video.id}5`);
    const reordered = await list(null, video.id, { order: 'top' });
    expect(reordered.data.slice(0, 4).map((c) => c.text)).toEqual([
      'comment 22',
      'comment 3',
      'comment 5',
      'comment 21',
    ]);
  });

  it('says which comments and replies the viewer reported, to that viewer only', async () => {
    const { a, b, uploader, video } = await setting();
    const top = await post(a.actor, video.id, 'Reported later');
    const other = await post(a.actor, video.id, 'Left alone');
    const reply = await post(a.actor, video.id, 'A reported reply', other.id);
    for (const id of [top.id, reply.id]) {
      await createReport(
        { db, actor: b.actor, now: () => new Date() },
        { targetKind: 'comment', targetId: id, reason: 'spam', details: '' },
      );
    }
    type Reported = { id: string; isReportedByMe: boolean };
    const flags = async (actor: Actor | null) => {
      const page = await list(actor, video.id);
      const threads = page.data as unknown as (Reported & { replies: Reported[] })[];
      return Object.fromEntries(
        threads.flatMap((t) => [t, ...t.replies]).map((c) => [c.id, c.isReportedByMe]),
      );
    };
    expect(await flags(b.actor)).toEqual({ [top.id]: true, [other.id]: false, [reply.id]: true });
    expect(await flags(uploader.actor)).toEqual({
      [top.id]: false,
      [other.id]: false,
      [reply.id]: false,
    });
    expect(Object.values(await flags(null))).toEqual([false, false, false]);
    const replies = await call(b.actor, 'Replies', { commentId: other.id });
    expect(replies.status, JSON.stringify(replies.body)).toBe(200);
    expect((replies.body as { data: Reported[] }).data).toEqual([
      expect.objectContaining({ id: reply.id, isReportedByMe: true }),
    ]);
  });

  it('hides the comments of disabled members', async () => {
    const { a, b, video } = await setting();
    const top = await post(a.actor, video.id, 'from a');
    await post(b.actor, video.id, 'from b', top.id);
    await post(b.actor, video.id, 'b again');
    await db.update(users).set({ banned: true }).where(eq(users.id, b.user.id));
    const page = await list(null, video.id);
    expect(page.totalCount).toBe(1);
    expect(page.data.map((c) => c.text)).toEqual(['from a']);
    expect(page.data[0]!.replyCount).toBe(0);
    await db.update(users).set({ banned: true }).where(eq(users.id, a.user.id));
    expect((await list(null, video.id)).totalCount).toBe(0);
  });

  it('shows no comments of a video that is not public, and takes none', async () => {
    const { a, uploader, video } = await setting();
    await post(a.actor, video.id, 'while public');
    const hidden = await videoOf(uploader.user.id, 'unpublished_user');
    const missing = {
      status: 404,
      body: { error: "This video doesn't exist", httpStatusCode: 404 },
    };
    expect(await call(uploader.actor, 'List', { videoId: hidden.id })).toEqual(missing);
    expect(await call(a.actor, 'Create', { videoId: hidden.id, text: 'x' })).toEqual(missing);
    const { videos } = await import('../../../platform/db/schema');
    await db.update(videos).set({ status: 'unpublished_admin' }).where(eq(videos.id, video.id));
    expect(await call(null, 'List', { videoId: video.id })).toEqual(missing);
  });

  it('answers bad input with a message naming the field', async () => {
    const { video } = await setting();
    expect(await call(null, 'List', { videoId: video.id, order: 'oldest' })).toMatchObject({
      status: 400,
      body: { error: 'order: must be "newest" or "top"' },
    });
    expect(await call(null, 'List', { videoId: '../etc' })).toMatchObject({
      status: 400,
      body: { error: 'videoId: not a video id' },
    });
  });
});

describe('comments of new accounts are held for moderation', () => {
  it('shows a held comment only to its author until staff approve it', async () => {
    const { a, video } = await setting();
    const newcomer = await createUser(db);
    const mod = await member({ role: 'moderator' });
    const held = await post(newcomer.actor, video.id, 'Hello, first time here');
    expect(held.isHeld).toBe(true);
    expect((await list(null, video.id)).totalCount).toBe(0);
    expect((await list(a.actor, video.id)).totalCount).toBe(0);
    const own = await list(newcomer.actor, video.id);
    expect(own.totalCount).toBe(1);
    expect(own.data[0]).toMatchObject({ isHeld: true, text: 'Hello, first time here' });

    expect(await call(a.actor, 'StaffList', {})).toMatchObject({ status: 403 });
    expect(await call(null, 'Approve', { commentId: held.id })).toMatchObject({ status: 401 });
    await expect(listHeldComments({ db, actor: a.actor })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    const queue = await listHeldComments({ db, actor: mod.actor });
    expect(queue.data.map((c) => c.id)).toContain(held.id);
    const entry = queue.data.find((c) => c.id === held.id)!;
    expect(entry).toMatchObject({
      status: 'held',
      video: { id: video.id },
      author: { username: newcomer.user.username },
    });

    expect(await call(a.actor, 'Approve', { commentId: held.id })).toMatchObject({
      status: 403,
      body: { error: 'Only moderators and admins may do this' },
    });
    expect(await call(mod.actor, 'Approve', { commentId: held.id })).toEqual({
      status: 200,
      body: { id: held.id, status: 'published', httpStatusCode: 200 },
    });
    expect(await call(mod.actor, 'Approve', { commentId: held.id })).toMatchObject({
      status: 404,
      body: { error: 'This comment is not waiting for approval' },
    });
    expect((await list(null, video.id)).data[0]).toMatchObject({ id: held.id, isHeld: false });
    expect((await listHeldComments({ db, actor: mod.actor })).data.map((c) => c.id)).not.toContain(
      held.id,
    );
  });

  it('does not hold staff, accounts past the period, or anyone when the setting is 0', async () => {
    const { video } = await setting();
    const newcomer = await createUser(db);
    const newMod = await createUser(db, { role: 'moderator' });
    expect((await post(newMod.actor, video.id, 'staff')).isHeld).toBe(false);
    const off = loadConfig({ NODE_ENV: 'test', COMMENT_HOLD_NEW_ACCOUNT_HOURS: '0' });
    const result = await call(
      newcomer.actor,
      'Create',
      { videoId: video.id, text: 'x' },
      { config: off },
    );
    expect(result.body.isHeld).toBe(false);
    const later = () => new Date(Date.now() + DAY + 60_000);
    const afterDay = await call(
      newcomer.actor,
      'Create',
      { videoId: video.id, text: 'y' },
      { now: later },
    );
    expect(afterDay.body.isHeld).toBe(false);
  });

  it('holds an approved comment again when its new account edits it within the period', async () => {
    const { a, video } = await setting();
    const newcomer = await createUser(db);
    const mod = await member({ role: 'moderator' });
    const comment = await post(newcomer.actor, video.id, 'Nice cut');
    await approveComment({ db, actor: mod.actor, now: () => new Date() }, comment.id);
    expect((await list(a.actor, video.id)).data[0]).toMatchObject({ id: comment.id });

    const edited = await call(newcomer.actor, 'Edit', {
      commentId: comment.id,
      text: 'buy followers at example.com',
    });
    expect(edited).toMatchObject({ status: 200, body: { isHeld: true } });
    expect((await list(a.actor, video.id)).totalCount).toBe(0);
    expect((await list(null, video.id)).totalCount).toBe(0);
    expect((await list(newcomer.actor, video.id)).data[0]).toMatchObject({
      id: comment.id,
      isHeld: true,
      text: 'buy followers at example.com',
    });
    expect((await listHeldComments({ db, actor: mod.actor })).data.map((c) => c.id)).toContain(
      comment.id,
    );

    // Approved again, then edited once the account is past the period: it stays published.
    await approveComment({ db, actor: mod.actor, now: () => new Date() }, comment.id);
    const later = () => new Date(Date.now() + DAY + 60_000);
    const afterDay = await call(
      newcomer.actor,
      'Edit',
      { commentId: comment.id, text: 'Nice cut, really' },
      { now: later },
    );
    expect(afterDay).toMatchObject({ status: 200, body: { isHeld: false } });
    expect((await list(a.actor, video.id)).data[0]).toMatchObject({ text: 'Nice cut, really' });
  });

  it('lets staff see and delete held and deleted comments with the reason', async () => {
    const { video } = await setting();
    const newcomer = await createUser(db);
    const admin = await member({ role: 'admin' });
    const held = await post(newcomer.actor, video.id, 'buy followers at example.com');
    await deleteComment(
      { db, actor: admin.actor, now: () => new Date() },
      { commentId: held.id, reason: 'Spam' },
    );
    const deleted = await call(admin.actor, 'StaffList', { status: 'deleted' });
    expect(deleted.status).toBe(200);
    expect((deleted.body.data as Array<Record<string, unknown>>)[0]).toMatchObject({
      id: held.id,
      deleteReason: 'Spam',
      deletedBy: admin.user.username,
    });
    await expect(
      approveComment({ db, actor: admin.actor, now: () => new Date() }, held.id),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('the reply hook', () => {
  const events: CommentReplyEvent[] = [];
  let remove = () => {};
  beforeAll(() => {
    remove = commentEvents.on('reply', (event) => {
      events.push(event);
    });
  });
  afterAll(() => remove());
  afterEach(() => {
    events.length = 0;
  });

  it('tells listeners of a published reply, and of a held one once approved', async () => {
    const { a, b, video } = await setting();
    const top = await post(a.actor, video.id, 'top');
    await post(a.actor, video.id, 'not a reply');
    expect(events).toHaveLength(0);
    const r = await post(b.actor, video.id, 'reply', top.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      replyId: r.id,
      parentId: top.id,
      parentAuthorId: a.user.id,
      replyAuthorId: b.user.id,
      replyAuthorUsername: b.user.username,
      videoId: video.id,
      text: 'reply',
    });
    const newcomer = await createUser(db);
    const mod = await member({ role: 'moderator' });
    const held = await post(newcomer.actor, video.id, 'held reply', top.id);
    expect(events).toHaveLength(1);
    await approveComment({ db, actor: mod.actor, now: () => new Date() }, held.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ replyId: held.id, parentAuthorId: a.user.id });
    // Edited while the account is new, it waits again; its second approval tells no one again.
    await call(newcomer.actor, 'Edit', { commentId: held.id, text: 'held reply, edited' });
    await approveComment({ db, actor: mod.actor, now: () => new Date() }, held.id);
    expect(events).toHaveLength(2);
  });

  it('tells no one of a reply the parent’s author does not see (they blocked its writer)', async () => {
    const { a, b, video } = await setting();
    const top = await post(a.actor, video.id, 'top');
    await dispatch(
      privacyEndpoint,
      { mode: 'Block', username: b.user.username },
      createTestContext(db, { actor: a.actor }),
    );
    await post(b.actor, video.id, 'unwanted reply', top.id);
    expect(events).toHaveLength(0);
  });

  it('keeps the reply when a listener fails', async () => {
    const { a, b, video } = await setting();
    const off = commentEvents.on('reply', () => {
      throw new Error('listener broke');
    });
    const top = await post(a.actor, video.id, 'top');
    const result = await call(b.actor, 'Create', {
      videoId: video.id,
      text: 'r',
      parentId: top.id,
    });
    off();
    expect(result.status).toBe(201);
  });
});

describe('blocks', () => {
  it('hides a blocked member’s comments from the blocker only', async () => {
    const { a, b, video } = await setting();
    const top = await post(a.actor, video.id, 'from a');
    await post(b.actor, video.id, 'reply from b', top.id);
    await post(b.actor, video.id, 'from b');
    const block = await dispatch(
      privacyEndpoint,
      { mode: 'Block', username: b.user.username },
      createTestContext(db, { actor: a.actor }),
    );
    expect(block.status).toBe(200);
    const mine = await list(a.actor, video.id);
    expect(mine.totalCount).toBe(1);
    expect(mine.data.map((c) => c.text)).toEqual(['from a']);
    expect(mine.data[0]!.replies).toEqual([]);
    expect((await list(null, video.id)).totalCount).toBe(3);
    expect((await list(b.actor, video.id)).totalCount).toBe(3);
  });

  it('keeps the blocker’s own replies under a blocked member’s comment, without its text', async () => {
    const { a, b, video } = await setting();
    const c = await member();
    const theirs = await post(b.actor, video.id, 'from b');
    const myReply = await post(a.actor, video.id, 'my answer to b', theirs.id);
    const otherReply = await post(c.actor, video.id, 'c answers b too', theirs.id);
    await post(b.actor, video.id, 'b answers back', theirs.id);
    await post(b.actor, video.id, 'b alone');
    await dispatch(
      privacyEndpoint,
      { mode: 'Block', username: b.user.username },
      createTestContext(db, { actor: a.actor }),
    );
    const mine = await list(a.actor, video.id);
    expect(mine.data).toHaveLength(1);
    const thread = mine.data[0]! as (typeof mine.data)[number] & {
      isFromBlocked: boolean;
      author: { username: string };
    };
    expect(thread).toMatchObject({
      id: theirs.id,
      text: '',
      isFromBlocked: true,
      author: { username: '' },
      replyCount: 2,
    });
    expect(thread.replies.map((r) => r.id)).toEqual([myReply.id, otherReply.id]);
    // The count is of what the blocker reads: the two replies, not the hidden comment.
    expect(mine.totalCount).toBe(2);
    const more = await call(a.actor, 'Replies', { commentId: theirs.id });
    expect(more.status).toBe(200);
    expect((more.body.data as { id: string }[]).map((r) => r.id)).toEqual([
      myReply.id,
      otherReply.id,
    ]);
    // Others read the thread as before.
    expect((await list(c.actor, video.id)).data.find((t) => t.id === theirs.id)).toMatchObject({
      text: 'from b',
      replyCount: 3,
    });
  });
});
