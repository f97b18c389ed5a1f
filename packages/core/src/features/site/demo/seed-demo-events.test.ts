import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../platform/db/schema';
import { FIRST_EVENT_SLUG } from '../../community/events/event-labels';
import { listEvents, loadEvent } from '../../community/events/events.service';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { seedDemoAccounts } from './seed-demo-accounts';
import { seedDemoEventEntries, seedDemoEvents } from './seed-demo-events';

const { db } = await createTestDatabase();

describe('demo events', () => {
  it('makes the first event with results from the demo videos, and one running now', async () => {
    await seedDemoAccounts(db);
    const now = new Date();
    await seedDemoEvents(db, now);
    const idOf = async (username: string) =>
      (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
    const alice = await createVideo(db, { ownerId: await idOf('alice'), title: 'Alice entry' });
    const bob = await createVideo(db, { ownerId: await idOf('bob'), title: 'Bob entry' });
    await seedDemoEventEntries(db);
    // Seeding again changes nothing.
    await seedDemoEvents(db, now);
    await seedDemoEventEntries(db);

    const first = await loadEvent({ db, now: () => now }, FIRST_EVENT_SLUG);
    expect(first.state).toBe('closed');
    expect(first.entries.map((entry) => [entry.video.id, entry.votes, entry.rank])).toEqual([
      [alice.id, 2, 1],
      [bob.id, 1, 2],
    ]);
    const current = await listEvents({ db, now: () => now }, { section: 'current', index: 0 });
    expect(current.data.map((event) => event.slug)).toEqual(['demo-cup']);
    expect(current.data[0]).toMatchObject({ entriesOpen: true, votingOpen: true });
  });
});
