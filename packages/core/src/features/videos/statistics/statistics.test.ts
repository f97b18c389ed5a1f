import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../kernel/endpoint';
import { dispatch } from '../../../kernel/dispatch';
import { videoVotes } from '../../../platform/db/schema';
import { recordView } from '../../library/history/history.service';
import { saveProgress } from '../../library/watch-later/library.service';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo } from '../../../../test-support/video-factory';
import { statisticsEndpoint } from './statistics.endpoints';
import { MAX_WATCH_SECONDS_PER_REPORT } from './statistics.schema';
import { watchedSecondsBetween } from './statistics.service';

const { db } = await createTestDatabase();

const NOW = new Date('2026-03-30T15:00:00Z');
const daysAgo = (days: number, hour = 12) => new Date(Date.UTC(2026, 2, 30 - days, hour, 0, 0));
const call = (actor: Actor | null, body: object) =>
  dispatch(statisticsEndpoint, body, createTestContext(db, { actor, now: () => NOW }));

describe('watch time from progress reports', () => {
  it('counts the step forward, never more than the time that passed or the cap', () => {
    const at = new Date('2026-03-01T00:00:00Z');
    const after = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    expect(watchedSecondsBetween(null, 12.7, at)).toBe(12);
    expect(watchedSecondsBetween(null, 4000, at)).toBe(MAX_WATCH_SECONDS_PER_REPORT);
    expect(watchedSecondsBetween({ position: 20, at }, 30, after(10))).toBe(10);
    // A seek forward by 10 minutes in 10 seconds counts what could be watched.
    expect(watchedSecondsBetween({ position: 20, at }, 620, after(10))).toBe(11);
    expect(watchedSecondsBetween({ position: 20, at }, 10, after(10))).toBe(0);
    expect(watchedSecondsBetween({ position: 20, at }, 500, after(3600))).toBe(
      MAX_WATCH_SECONDS_PER_REPORT,
    );
  });
});

describe('/api/v2/statistics#VideoStatistics', () => {
  it('adds up views, watch time and likes a day and a video over 28 and 90 days', async () => {
    const { user: owner, actor } = await createUser(db);
    const first = await createVideo(db, { ownerId: owner.id, title: 'First' });
    const second = await createVideo(db, { ownerId: owner.id, title: 'Second' });
    const elsewhere = await createVideo(db, { ownerId: (await createUser(db)).user.id });
    // Views: 2 today and 1 yesterday on the first, 1 forty days ago on the second.
    await recordView({ db, actor: null, now: () => daysAgo(0) }, first.id);
    await recordView({ db, actor: null, now: () => daysAgo(0) }, first.id);
    await recordView({ db, actor: null, now: () => daysAgo(1) }, first.id);
    await recordView({ db, actor: null, now: () => daysAgo(40) }, second.id);
    await recordView({ db, actor: null, now: () => daysAgo(0) }, elsewhere.id);
    // Watch time: a viewer reports 10 s, then 40 s thirty seconds later (30 s more) today.
    const { actor: viewer } = await createUser(db);
    const report = (videoId: string, position: number, now: Date) =>
      saveProgress({ db, actor: viewer, now: () => now }, { videoId, position, duration: 180 });
    await report(first.id, 10, daysAgo(0, 10));
    await report(first.id, 40, new Date(daysAgo(0, 10).getTime() + 30_000));
    await report(second.id, 25, daysAgo(2));
    // Likes: two today on the first, a dislike (not counted) and one 50 days ago.
    const voters = await Promise.all([1, 2, 3, 4].map(() => createUser(db)));
    await db.insert(videoVotes).values([
      { userId: voters[0]!.user.id, videoId: first.id, value: 1, createdAt: daysAgo(0) },
      { userId: voters[1]!.user.id, videoId: first.id, value: 1, createdAt: daysAgo(0) },
      { userId: voters[2]!.user.id, videoId: first.id, value: -1, createdAt: daysAgo(0) },
      { userId: voters[3]!.user.id, videoId: second.id, value: 1, createdAt: daysAgo(50) },
    ]);

    const month = await call(actor, { mode: 'VideoStatistics', days: 28 });
    expect(month.status).toBe(200);
    expect(month.body.since).toBe('2026-03-03');
    expect(month.body.totals).toEqual({ views: 3, watchSeconds: 65, likes: 2 });
    const daily = month.body.daily as { day: string; views: number; watchSeconds: number }[];
    expect(daily).toHaveLength(28);
    expect(daily.at(-1)).toEqual({ day: '2026-03-30', views: 2, watchSeconds: 40, likes: 2 });
    expect(daily.at(-2)).toEqual({ day: '2026-03-29', views: 1, watchSeconds: 0, likes: 0 });
    expect(daily.at(-3)).toEqual({ day: '2026-03-28', views: 0, watchSeconds: 25, likes: 0 });
    expect(month.body.videos).toEqual([
      expect.objectContaining({ id: first.id, views: 3, watchSeconds: 40, likes: 2 }),
      expect.objectContaining({ id: second.id, views: 0, watchSeconds: 25, likes: 0 }),
    ]);

    const quarter = await call(actor, { mode: 'VideoStatistics', days: 90 });
    expect(quarter.body.totals).toEqual({ views: 4, watchSeconds: 65, likes: 3 });
    expect(quarter.body.daily).toHaveLength(90);

    const one = await call(actor, { mode: 'VideoStatistics', days: 90, videoId: second.id });
    expect(one.body.totals).toEqual({ views: 1, watchSeconds: 25, likes: 1 });
    expect((one.body.videos as unknown[]).length).toBe(1);
  });

  it("names the field of bad input and refuses another member's video and visitors", async () => {
    const { actor } = await createUser(db);
    const other = await createVideo(db, { ownerId: (await createUser(db)).user.id });
    const wrongDays = await call(actor, { mode: 'VideoStatistics', days: 7 });
    expect(wrongDays.status).toBe(400);
    expect(String(wrongDays.body.error)).toContain('days');
    const notMine = await call(actor, { mode: 'VideoStatistics', videoId: other.id });
    expect(notMine.status).toBe(404);
    expect(String(notMine.body.error)).toContain('videoId');
    expect((await call(null, { mode: 'VideoStatistics' })).status).toBe(401);
  });
});
