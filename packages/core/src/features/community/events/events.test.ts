import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo, type CreateVideoInput } from '../../../../test-support/video-factory';
import { EVENT_MESSAGES } from './event-labels';
import { eventsEndpoint } from './events.endpoints';

const { db } = await createTestDatabase();
const admin = await createUser(db, { role: 'admin' });

const HOUR = 3_600_000;
/** The clock every call runs on; a test moves it to open or close a window. */
const start = new Date();
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

const call = (actor: Actor | null, body: object, now = start) =>
  dispatch(eventsEndpoint, body, createTestContext(db, { actor, now: () => now }));

let slugs = 0;
/** An event whose entries are open from -1 h to +2 h and voting from -1 h to +3 h. */
async function createEvent(extra: object = {}) {
  const slug = `event-${++slugs}-${Date.now().toString(36)}`;
  const answer = await call(admin.actor, {
    mode: 'Create',
    slug,
    title: `Event ${slugs}`,
    rules: 'One video each.\nBe kind.',
    entriesOpenAt: at(-1).toISOString(),
    entriesCloseAt: at(2).toISOString(),
    votingOpenAt: at(-1).toISOString(),
    votingCloseAt: at(3).toISOString(),
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { slug, id: answer.body.id as number };
}

async function uploaderWithVideo(options: Omit<CreateVideoInput, 'ownerId'> = {}) {
  const uploader = await createUser(db);
  const video = await createVideo(db, { ownerId: uploader.user.id, ...options });
  return { ...uploader, video };
}

describe('running events (admins)', () => {
  it('creates an event, refuses a taken slug, and names the field of bad input', async () => {
    const { slug } = await createEvent();
    const again = await call(admin.actor, {
      mode: 'Create',
      slug,
      title: 'Same address',
      entriesOpenAt: at(1).toISOString(),
      entriesCloseAt: at(2).toISOString(),
      votingOpenAt: at(1).toISOString(),
      votingCloseAt: at(3).toISOString(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(EVENT_MESSAGES.slugTaken);

    const backwards = await call(admin.actor, {
      mode: 'Create',
      slug: 'backwards',
      title: 'Backwards',
      entriesOpenAt: at(1).toISOString(),
      entriesCloseAt: at(4).toISOString(),
      votingOpenAt: at(1).toISOString(),
      votingCloseAt: at(3).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('votingCloseAt: is not before entriesCloseAt');

    const badSlug = await call(admin.actor, {
      mode: 'Create',
      slug: 'Not A Slug',
      title: 'x',
      entriesOpenAt: at(1).toISOString(),
      entriesCloseAt: at(2).toISOString(),
      votingOpenAt: at(1).toISOString(),
      votingCloseAt: at(3).toISOString(),
    });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.error).toMatch(/^slug: /);

    const longTitle = await call(admin.actor, {
      mode: 'Create',
      slug: 'long-title',
      title: 'x'.repeat(121),
      entriesOpenAt: at(1).toISOString(),
      entriesCloseAt: at(2).toISOString(),
      votingOpenAt: at(1).toISOString(),
      votingCloseAt: at(3).toISOString(),
    });
    expect(longTitle.body.error).toBe('title: is at most 120 characters long');
  });

  it('lets only admins create or change events', async () => {
    const member = await createUser(db);
    const moderator = await createUser(db, { role: 'moderator' });
    for (const actor of [member.actor, moderator.actor]) {
      const answer = await call(actor, { mode: 'Create', slug: 'nope', title: 'Nope' });
      expect(answer.status).toBe(403);
    }
    expect((await call(null, { mode: 'AdminList' })).status).toBe(401);
  });

  it('changes an event and lists it in the section its dates put it in', async () => {
    const { slug, id } = await createEvent();
    const listed = async (section: string, now = start) => {
      const answer = await call(null, { mode: 'List', section }, now);
      return (answer.body.data as { slug: string }[]).map((event) => event.slug);
    };
    expect(await listed('current')).toContain(slug);
    expect(await listed('upcoming')).not.toContain(slug);
    expect(await listed('past', at(4))).toContain(slug);

    const form = await call(admin.actor, { mode: 'AdminLoad', id });
    const fields = form.body.data as Record<string, unknown>;
    const moved = await call(admin.actor, {
      ...fields,
      mode: 'Update',
      title: 'Moved later',
      entriesOpenAt: at(10).toISOString(),
      entriesCloseAt: at(11).toISOString(),
      votingOpenAt: at(10).toISOString(),
      votingCloseAt: at(12).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(await listed('current')).not.toContain(slug);
    expect(await listed('upcoming')).toContain(slug);
    const page = await call(null, { mode: 'Load', slug });
    expect(page.body.data).toMatchObject({ title: 'Moved later', state: 'upcoming' });
  });
});

describe('entries', () => {
  it("takes the uploader's own published videos within the entry window, once each", async () => {
    const { slug } = await createEvent({ maxEntriesPerMember: 2 });
    const uploader = await uploaderWithVideo();
    const entered = await call(uploader.actor, { mode: 'Enter', slug, videoId: uploader.video.id });
    expect(entered.status).toBe(201);

    const twice = await call(uploader.actor, { mode: 'Enter', slug, videoId: uploader.video.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(EVENT_MESSAGES.alreadyEntered);

    const other = await uploaderWithVideo();
    const notMine = await call(uploader.actor, { mode: 'Enter', slug, videoId: other.video.id });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error).toBe(EVENT_MESSAGES.notYourVideo);

    const hidden = await createVideo(db, { ownerId: uploader.user.id, status: 'unpublished_user' });
    const unpublished = await call(uploader.actor, { mode: 'Enter', slug, videoId: hidden.id });
    expect(unpublished.body.error).toBe(EVENT_MESSAGES.notYourVideo);

    const second = await createVideo(db, { ownerId: uploader.user.id });
    const third = await createVideo(db, { ownerId: uploader.user.id });
    expect((await call(uploader.actor, { mode: 'Enter', slug, videoId: second.id })).status).toBe(
      201,
    );
    const over = await call(uploader.actor, { mode: 'Enter', slug, videoId: third.id });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(EVENT_MESSAGES.tooManyEntries);

    const late = await call(other.actor, { mode: 'Enter', slug, videoId: other.video.id }, at(2));
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(EVENT_MESSAGES.entriesClosed);
    expect((await call(null, { mode: 'Enter', slug, videoId: other.video.id })).status).toBe(401);
  });

  it("refuses a video outside the event's category and offers only fitting ones", async () => {
    const { slug } = await createEvent({ category: 'pmv' });
    const uploader = await uploaderWithVideo({ category: 'hmv' });
    const fitting = await createVideo(db, { ownerId: uploader.user.id, category: 'pmv' });
    const wrong = await call(uploader.actor, { mode: 'Enter', slug, videoId: uploader.video.id });
    expect(wrong.body.error).toBe(EVENT_MESSAGES.wrongCategory);
    const mine = await call(uploader.actor, { mode: 'Mine', slug });
    expect(mine.body).toMatchObject({ canEnter: true, choices: [{ id: fitting.id }] });
  });
});

describe('voting and results', () => {
  it('takes one vote a member, hides counts until voting closes, then ranks the entries', async () => {
    const { slug } = await createEvent();
    const first = await uploaderWithVideo();
    const second = await uploaderWithVideo();
    const entryOf = async (uploader: Awaited<ReturnType<typeof uploaderWithVideo>>) =>
      (await call(uploader.actor, { mode: 'Enter', slug, videoId: uploader.video.id })).body
        .entryId as number;
    const firstEntry = await entryOf(first);
    const secondEntry = await entryOf(second);

    const voters = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const vote = (actor: Actor, entryId: number, now = start) =>
      call(actor, { mode: 'Vote', slug, entryId }, now);
    expect((await vote(voters[0]!.actor, secondEntry)).status).toBe(201);
    expect((await vote(voters[1]!.actor, secondEntry)).status).toBe(201);
    expect((await vote(voters[2]!.actor, firstEntry)).status).toBe(201);

    const again = await vote(voters[0]!.actor, firstEntry);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(EVENT_MESSAGES.alreadyVoted);
    const own = await vote(first.actor, firstEntry);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(EVENT_MESSAGES.ownEntry);
    const unverified = await createUser(db, { emailVerified: false });
    expect((await vote(unverified.actor, firstEntry)).status).toBe(403);
    expect((await vote(first.actor, 999_999)).body.error).toBe(EVENT_MESSAGES.entryNotFound);

    const mine = await call(voters[0]!.actor, { mode: 'Mine', slug });
    expect(mine.body).toMatchObject({ myVote: secondEntry, canVote: false });

    type Page = {
      state: string;
      totalVotes: number | null;
      entries: { entryId: number; votes: number | null; rank: number | null }[];
    };
    const during = (await call(null, { mode: 'Load', slug })).body.data as Page;
    expect(during.state).toBe('current');
    expect(during.totalVotes).toBeNull();
    expect(during.entries.map((entry) => [entry.entryId, entry.votes, entry.rank])).toEqual([
      [firstEntry, null, null],
      [secondEntry, null, null],
    ]);

    const late = await vote(second.actor, firstEntry, at(3));
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(EVENT_MESSAGES.votingClosed);

    const after = (await call(null, { mode: 'Load', slug }, at(3))).body.data as Page;
    expect(after.state).toBe('closed');
    expect(after.totalVotes).toBe(3);
    expect(after.entries.map((entry) => [entry.entryId, entry.votes, entry.rank])).toEqual([
      [secondEntry, 2, 1],
      [firstEntry, 1, 2],
    ]);
  });

  it('gives entries with as many votes the same rank, and drops unpublished ones', async () => {
    const { slug } = await createEvent();
    const uploaders = await Promise.all([
      uploaderWithVideo(),
      uploaderWithVideo(),
      uploaderWithVideo(),
    ]);
    const entries: number[] = [];
    for (const uploader of uploaders) {
      const answer = await call(uploader.actor, {
        mode: 'Enter',
        slug,
        videoId: uploader.video.id,
      });
      entries.push(answer.body.entryId as number);
    }
    const removed = await call(admin.actor, { mode: 'RemoveEntry', entryId: entries[2]! });
    expect(removed.status).toBe(200);
    const after = (await call(null, { mode: 'Load', slug }, at(3))).body.data as {
      entries: { votes: number; rank: number }[];
    };
    expect(after.entries.map((entry) => [entry.votes, entry.rank])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('answers 404 for an event that does not exist', async () => {
    const answer = await call(null, { mode: 'Load', slug: 'no-such-event' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe(EVENT_MESSAGES.notFound);
  });
});
