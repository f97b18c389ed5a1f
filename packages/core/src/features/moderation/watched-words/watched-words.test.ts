import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { commentsEndpoint } from '../../community/comments/comments.endpoints';
import { loadConfig } from '../../../platform/config/config';
import { comments, staffActions, users, watchedWordLists } from '../../../platform/db/schema';
import { sendMessage } from '../../people/messages/messages.service';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { changeVideo } from '../../videos/input/video-owner.service';
import { testListings } from '../../../../test-support/test-context';
import { watchedWordsEndpoint } from './watched-words.endpoints';
import { matchesWatchedWords, WATCHED_WORD_MESSAGES } from './watched-words.service';

const { db } = await createTestDatabase();
// Accounts in these tests are new: only the watched words may hold their comments.
const config = loadConfig({ NODE_ENV: 'test', COMMENT_HOLD_NEW_ACCOUNT_HOURS: '0' });

const words = (actor: Actor | null, mode: string, body: object = {}) =>
  dispatch(watchedWordsEndpoint, { mode, ...body }, createTestContext(db, { actor, config }));
const comment = (actor: Actor, videoId: string, text: string) =>
  dispatch(
    commentsEndpoint,
    { mode: 'Create', videoId, text },
    createTestContext(db, { actor, config }),
  );
const statusOf = async (id: string) =>
  (await db.select().from(comments).where(eq(comments.id, id)))[0]!.status;

/** Lists are the site's for every test of the file: each test clears what it made. */
async function clearSiteLists() {
  await db.delete(watchedWordLists);
}

describe('watched words', () => {
  it('match their variants: case, accents, repeated letters, spacing; never inside a longer word', () => {
    const list = { action: 'hold' as const, words: ['spam link', 'Café', 'free'] };
    for (const text of [
      'Click this SPAM LINK now',
      'a spaaam-link here',
      's p a m l i n k',
      'S P Á Á Á M link',
      'S.P.A.M  L.I.N.K',
      'meet at the cafe',
      'meet at the CAFFÉÉ',
      'totally freeeee stuff',
    ]) {
      expect(matchesWatchedWords(list, text), text).toBe(true);
    }
    for (const text of ['spamlinker', 'antispam link', 'fre stuff', 'cafeteria']) {
      expect(matchesWatchedWords(list, text), text).toBe(false);
    }
    // "ass" is not "as": a letter written twice is watched twice or more.
    expect(matchesWatchedWords({ action: 'hold', words: ['ass'] }, 'as good as it gets')).toBe(
      false,
    );
    expect(matchesWatchedWords({ action: 'hold', words: ['ass'] }, 'a s s')).toBe(true);
  });

  it('staff keep the site lists, logged; members may not', async () => {
    await clearSiteLists();
    const staff = await createUser(db, { role: 'moderator' });
    const member = await createUser(db);
    const refused = await words(member.actor, 'SaveSite', {
      name: 'Spam',
      action: 'hold',
      words: ['x'],
    });
    expect(refused.status).toBe(403);
    const bad = await words(staff.actor, 'SaveSite', { name: 'Spam', action: 'maybe', words: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^action: /);
    const noLetters = await words(staff.actor, 'SaveSite', {
      name: 'Spam',
      action: 'hold',
      words: ['!!!'],
    });
    expect(noLetters.status).toBe(400);
    expect(noLetters.body.error).toBe(WATCHED_WORD_MESSAGES.noLetters('!!!'));

    const saved = await words(staff.actor, 'SaveSite', {
      name: 'Spam',
      action: 'hold',
      words: ['cheap pills', ' Cheap  Pills ', 'casino'],
    });
    expect(saved.status).toBe(200);
    const list = (saved.body as { list: { id: string; words: string[] } }).list;
    expect(list.words).toEqual(['cheap pills', 'casino']);
    const log = await db.select().from(staffActions).where(eq(staffActions.targetId, list.id));
    expect(log).toMatchObject([
      { action: 'save_watched_words', targetKind: 'word_list', targetLabel: 'Spam' },
    ]);
    const deleted = await words(staff.actor, 'DeleteSite', { id: list.id });
    expect(deleted.status).toBe(200);
    expect(
      (await db.select().from(staffActions).where(eq(staffActions.targetId, list.id))).map(
        (entry) => entry.action,
      ),
    ).toEqual(['save_watched_words', 'delete_watched_words']);
  });

  it('hold or refuse comments, titles, descriptions and messages as the list says', async () => {
    await clearSiteLists();
    const staff = await createUser(db, { role: 'moderator' });
    const uploader = await createUser(db);
    const writer = await createUser(db);
    const video = await createVideo(db, { ownerId: uploader.user.id });
    await words(staff.actor, 'SaveSite', { name: 'Review', action: 'hold', words: ['casino'] });
    await words(staff.actor, 'SaveSite', { name: 'Never', action: 'refuse', words: ['scam coin'] });

    const held = await comment(writer.actor, video.id, 'Best CASÍÍNO in town');
    expect(held.status).toBe(201);
    expect(await statusOf((held.body as { id: string }).id)).toBe('held');
    const fine = await comment(writer.actor, video.id, 'Lovely colours');
    expect(await statusOf((fine.body as { id: string }).id)).toBe('published');
    const before = (await db.select().from(comments)).length;
    const refused = await comment(writer.actor, video.id, 'buy s c a m   c o i n');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(WATCHED_WORD_MESSAGES.refused('text'));
    expect((await db.select().from(comments)).length).toBe(before);

    await expect(
      changeVideo(
        { db, listings: testListings, actor: uploader.actor, now: () => new Date() },
        {
          _id: video.id,
          title: 'Scam-coin giveaway',
        },
      ),
    ).rejects.toMatchObject({ message: WATCHED_WORD_MESSAGES.refused('title') });
    await expect(
      changeVideo(
        { db, listings: testListings, actor: uploader.actor, now: () => new Date() },
        {
          _id: video.id,
          description: 'all about SCAM COIN',
        },
      ),
    ).rejects.toMatchObject({ message: WATCHED_WORD_MESSAGES.refused('description') });
    await expect(
      sendMessage(
        { db, actor: writer.actor, now: () => new Date() },
        {
          recipient: uploader.user.username,
          subject: 'Hello',
          message: 'want some scam coin?',
        },
      ),
    ).rejects.toMatchObject({ message: WATCHED_WORD_MESSAGES.refused('message') });
  });

  it("a member's own list holds or refuses comments under their videos only", async () => {
    await clearSiteLists();
    const uploader = await createUser(db);
    const other = await createUser(db);
    const writer = await createUser(db);
    const mine = await createVideo(db, { ownerId: uploader.user.id });
    const theirs = await createVideo(db, { ownerId: other.user.id });
    const saved = await words(uploader.actor, 'SaveMine', {
      name: 'My words',
      action: 'hold',
      words: ['spoiler'],
    });
    expect(saved.status).toBe(200);
    const listed = await words(uploader.actor, 'ListMine');
    expect((listed.body as { lists: unknown[] }).lists).toHaveLength(1);
    // Not the site's: staff's list call does not show it, and it is not logged.
    const list = (saved.body as { list: { id: string } }).list;
    expect(await db.select().from(staffActions).where(eq(staffActions.targetId, list.id))).toEqual(
      [],
    );

    const underMine = await comment(writer.actor, mine.id, 'SPOILERRR: it ends well');
    expect(await statusOf((underMine.body as { id: string }).id)).toBe('held');
    const underTheirs = await comment(writer.actor, theirs.id, 'spoiler: it ends well');
    expect(await statusOf((underTheirs.body as { id: string }).id)).toBe('published');

    await words(uploader.actor, 'SaveMine', {
      id: list.id,
      name: 'My words',
      action: 'refuse',
      words: ['spoiler'],
    });
    const refused = await comment(writer.actor, mine.id, 'spoiler ahead');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(WATCHED_WORD_MESSAGES.refusedHere('text'));
    // Another member cannot change or delete it.
    const foreign = await words(other.actor, 'DeleteMine', { id: list.id });
    expect(foreign.status).toBe(404);
    await db.delete(users).where(eq(users.id, uploader.user.id));
    expect(await db.select().from(watchedWordLists)).toEqual([]);
  });
});
