import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { eventEntries, events, eventVotes, users, videos } from '../../../platform/db/schema';
import { FIRST_EVENT_SLUG } from '../../community/events';

const DAY = 86_400_000;

const RULES = `Enter one video you made yourself, published on this site.
Any category, any length; music videos credit their music in the labels.
Every member with a verified e-mail address has one vote, and may not vote for their own entry.
Vote counts stay hidden until voting closes; then the entries are ranked by votes.`;

/**
 * The demo events of a fresh install: the first event, World PMV Games 2024 (docs/events.md; past,
 * so its page shows results), and one running now that demo members can enter and vote in. Existing
 * slugs are left alone.
 */
export async function seedDemoEvents(db: Database, now: Date): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'admin'))
    .limit(1);
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  await db
    .insert(events)
    .values([
      {
        slug: FIRST_EVENT_SLUG,
        title: 'World PMV Games 2024',
        summary: 'The first event of the site: the best video of the year, chosen by members.',
        rules: RULES,
        entriesOpenAt: new Date('2024-06-01T00:00:00Z'),
        entriesCloseAt: new Date('2024-07-01T00:00:00Z'),
        votingOpenAt: new Date('2024-07-01T00:00:00Z'),
        votingCloseAt: new Date('2024-07-15T00:00:00Z'),
        createdById: admin?.id ?? null,
      },
      {
        slug: 'demo-cup',
        title: 'Demo Cup',
        summary: 'Open now: enter one of your videos and vote for the one you like best.',
        rules: RULES,
        entriesOpenAt: now,
        entriesCloseAt: at(14),
        votingOpenAt: now,
        votingCloseAt: at(21),
        createdById: admin?.id ?? null,
      },
    ])
    .onConflictDoNothing();
}

/**
 * The first event's entries and votes from the demo members' first videos (made by the demo
 * videos; shown once they are published): alice's and bob's entries, with the admin's and
 * bob's votes for alice and alice's for bob.
 */
export async function seedDemoEventEntries(db: Database): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.slug, FIRST_EVENT_SLUG))
    .limit(1);
  if (!event) return;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'alice', 'bob']));
  const idOf = (username: string) => people.find((person) => person.username === username)?.id;
  const entryOf = async (username: string) => {
    const ownerId = idOf(username);
    if (!ownerId) return null;
    const [video] = await db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.ownerId, ownerId))
      .orderBy(asc(videos.createdAt))
      .limit(1);
    if (!video) return null;
    await db
      .insert(eventEntries)
      .values({ eventId: event.id, videoId: video.id, userId: ownerId })
      .onConflictDoNothing();
    const [entry] = await db
      .select({ id: eventEntries.id })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, event.id), eq(eventEntries.videoId, video.id)));
    return entry?.id ?? null;
  };
  const alice = await entryOf('alice');
  const bob = await entryOf('bob');
  const votes = [
    ['admin', alice],
    ['bob', alice],
    ['alice', bob],
  ] as const;
  for (const [voter, entryId] of votes) {
    const userId = idOf(voter);
    if (!userId || !entryId) continue;
    await db
      .insert(eventVotes)
      .values({ eventId: event.id, userId, entryId })
      .onConflictDoNothing();
  }
}
