import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { commentsEndpoint } from '../../community/comments/comments.endpoints';
import { dispatch } from '../../../kernel/dispatch';
import type { Actor } from '../../../kernel/endpoint';
import { notifications, users } from '../../../platform/db/schema';
import { notifyOnCommentReplies } from '../../community/comments/comment-replies';
import { notificationMailJob } from '../../people/notifications/notification-jobs';
import { notificationsEndpoint } from '../../people/notifications/notifications.endpoints';
import { createUser } from '../../../../test-support/factories';
import { createTestMediaServices } from '../../../../test-support/media-services';
import { createTestContext, testConfig } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { adminEndpoint } from './admin.endpoints';

// The incident of docs/decisions/0037: approving a held reply whose parent's author takes
// e-mails at once stopped the whole site on the embedded database.
const handle = await createTestDatabase();
const { db } = handle;
const media = await createTestMediaServices(handle, [notificationMailJob]);
const stopReplyNotices = notifyOnCommentReplies({ events: media.events, queue: media.queue });
afterAll(() => stopReplyNotices());

const config = { ...testConfig, COMMENT_HOLD_NEW_ACCOUNT_HOURS: 24 };
const call = (endpoint: Parameters<typeof dispatch>[0], body: object, actor: Actor) =>
  dispatch(endpoint, body, { ...createTestContext(db, { actor, config }), media });

/** Fails the test with a clear reason instead of letting it wait for the test's own limit. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

describe('approving a held reply for a member who takes e-mails at once', () => {
  it('answers, tells the author by bell and e-mail job, and the site answers the next request', async () => {
    const author = await createUser(db);
    const replier = await createUser(db);
    const staff = await createUser(db, { role: 'moderator' });
    // The author's account is old enough to post at once; the replier's is new (held).
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(users.id, author.user.id));
    const saved = await call(
      notificationsEndpoint,
      { mode: 'SaveSetting', kind: 'comment_reply', email: 'immediate' },
      author.actor,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const video = await createVideo(db, { ownerId: author.user.id, title: 'Harbour lights' });
    const parent = await call(
      commentsEndpoint,
      { mode: 'Create', videoId: video.id, text: 'Which song is this?' },
      author.actor,
    );
    expect(parent.body).toMatchObject({ isHeld: false });
    const reply = await call(
      commentsEndpoint,
      { mode: 'Create', videoId: video.id, text: 'Midnight City', parentId: parent.body.id },
      replier.actor,
    );
    expect(reply.body).toMatchObject({ isHeld: true });

    const bells: string[] = [];
    const unsubscribe = media.events.subscribe((event) => {
      if (event.type === 'notifications') bells.push(event.ownerId);
    });
    const approved = await within(
      10_000,
      'ApproveComment',
      call(adminEndpoint, { mode: 'ApproveComment', commentId: reply.body.id }, staff.actor),
    );
    unsubscribe();
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(bells).toEqual([author.user.id]);
    const told = await within(
      5_000,
      'the next query',
      db.select().from(notifications).where(eq(notifications.userId, author.user.id)),
    );
    expect(told).toMatchObject([{ kind: 'comment_reply', emailMode: 'immediate' }]);
    const jobs = await media.queue.boss.fetch(notificationMailJob.name);
    expect(jobs).toHaveLength(1);
  });
});
