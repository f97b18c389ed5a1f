import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../platform/db/schema';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { loadConfig } from '../../../platform/config/config';
import { watchedWordsEndpoint } from '../../moderation/watched-words/watched-words.endpoints';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { commentsEndpoint } from './comments.endpoints';

// Why a held comment waits, in words staff read and filter by; refusals in words; a refused
// comment costs no turn of the rate limit (docs/comments.md).

const { db } = await createTestDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  COMMENT_HOLD_NEW_ACCOUNT_HOURS: '24',
  COMMENT_RATE_LIMIT_MAX: '3',
  COMMENT_RATE_LIMIT_WINDOW: '300',
});
const call = (actor: Actor, mode: string, body: object) =>
  dispatch(commentsEndpoint, { mode, ...body }, createTestContext(db, { actor, config }));

const staff = await createUser(db, { role: 'moderator' });
const uploader = await createUser(db);
// Older than the hold's 24 hours: only watched words hold their comments.
const longAgo = new Date(Date.now() - 7 * 24 * 3600_000);
const oldAccount = async () => {
  const made = await createUser(db);
  await db.update(users).set({ createdAt: longAgo }).where(eq(users.id, made.user.id));
  return made;
};
const member = await oldAccount();
const newcomer = await createUser(db);
const video = await createVideo(db, { ownerId: uploader.user.id });
await dispatch(
  watchedWordsEndpoint,
  { mode: 'SaveSite', name: 'Gambling', action: 'hold', words: ['casino', 'jackpot'] },
  createTestContext(db, { actor: staff.actor, config }),
);
await dispatch(
  watchedWordsEndpoint,
  { mode: 'SaveSite', name: 'Scams', action: 'refuse', words: ['scam coin'] },
  createTestContext(db, { actor: staff.actor, config }),
);

interface Row {
  id: string;
  heldReason: string | null;
  heldDetail: string | null;
}
const heldRows = async (reason?: string) =>
  (await call(staff.actor, 'StaffList', { status: 'held', ...(reason ? { reason } : {}) })).body
    .data as Row[];

describe('held comments: why each waits', () => {
  it('names the watched word and its list, or a new account; staff filter by reason', async () => {
    const worded = await call(member.actor, 'Create', {
      videoId: video.id,
      text: 'Hit the JACKPOT',
    });
    expect(worded.status).toBe(201);
    const fresh = await call(newcomer.actor, 'Create', { videoId: video.id, text: 'Hello there' });
    expect(fresh.status).toBe(201);
    const wordedId = (worded.body as { id: string }).id;
    const freshId = (fresh.body as { id: string }).id;

    const all = await heldRows();
    expect(all.find((row) => row.id === wordedId)).toMatchObject({
      heldReason: 'watched_word',
      heldDetail: '“jackpot” (list “Gambling”)',
    });
    expect(all.find((row) => row.id === freshId)).toMatchObject({
      heldReason: 'new_account',
      heldDetail: null,
    });
    expect((await heldRows('watched_word')).map((row) => row.id)).toEqual([wordedId]);
    expect((await heldRows('new_account')).map((row) => row.id)).toEqual([freshId]);
    const bad = await call(staff.actor, 'StaffList', { status: 'held', reason: 'whim' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^reason: /);
  });

  it('refuses in words, and a refused comment does not count toward the rate limit', async () => {
    const writer = await oldAccount();
    for (let i = 0; i < 5; i++) {
      const refused = await call(writer.actor, 'Create', {
        videoId: video.id,
        text: `buy scam coin ${i}`,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Your comment uses a word this site does not allow');
    }
    // The limit is 3: three comments pass after five refusals (published: an old account),
    // the fourth is too fast.
    for (let i = 0; i < 3; i++) {
      const posted = await call(writer.actor, 'Create', { videoId: video.id, text: `fine ${i}` });
      expect(posted.status).toBe(201);
      expect((posted.body as { isHeld?: boolean }).isHeld).toBeFalsy();
    }
    const tooFast = await call(writer.actor, 'Create', { videoId: video.id, text: 'one more' });
    expect(tooFast.status).toBe(429);
  });
});
