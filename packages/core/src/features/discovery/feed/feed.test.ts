import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { LocalStorage } from '../../../platform/storage/local-storage';
import { createUser } from '../../../../test-support/factories';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createVideo, type CreateVideoInput } from '../../../../test-support/video-factory';
import { feedEndpoint } from './feed.endpoints';
import { FEED_CONDITION, FEED_MAX_SECONDS, listFeed } from './feed.service';

const { db } = await createTestDatabase();
const storage = new LocalStorage({
  root: mkdtempSync(join(tmpdir(), 'cutroom-feed-')),
  publicBaseUrl: '/media',
});
const { user: maker } = await createUser(db, { username: 'feedmaker' });

const base = Date.parse('2026-06-01T12:00:00Z');
/** A playable video published `minute` minutes after the base time. */
const video = (id: string, minute: number, values: Partial<CreateVideoInput> = {}) =>
  createVideo(db, {
    ownerId: maker.id,
    id,
    title: `Clip ${id}`,
    publishedAt: new Date(base + minute * 60_000),
    masterPlaylistKey: `videos/${id}/v1/master.m3u8`,
    posterKey: `videos/${id}/v1/poster.jpg`,
    ...values,
  });
const tall = { width: 720, height: 1280, aspectRatio: 720 / 1280, durationSeconds: 30 };

// Newest first: t7 … t1 are in the feed; the others are not.
await video('t1', 1, tall);
await video('t2', 2, { category: 'tiktok' }); // the category, even wide and long
await video('t3', 3, { ...tall, durationSeconds: FEED_MAX_SECONDS });
await video('wide', 4); // wide and 3 minutes: not short and vertical
await video('long', 5, { ...tall, durationSeconds: FEED_MAX_SECONDS + 1 });
await video('hidden', 6, { ...tall, status: 'unpublished_admin' });
await video('t4', 7, tall);
await video('t5', 8, tall);
await video('t6', 9, tall);
await video('t7', 10, tall);

const ids = (page: { data: { id: string }[] }) => page.data.map((v) => v.id);

describe('the vertical feed', () => {
  it('holds short vertical videos and the tiktok category, newest first', async () => {
    const page = await listFeed(db, storage, { kind: 'newest' }, 10);
    expect(ids(page)).toEqual(['t7', 't6', 't5', 't4', 't3', 't2', 't1']);
    expect(page.hasMore).toBe(false);
    expect(page.data[0]).toMatchObject({
      uploader: 'feedmaker',
      masterPlaylistUrl: '/media/videos/t7/v1/master.m3u8',
      posterUrl: '/media/videos/t7/v1/poster.jpg',
      favoritesCount: 0,
    });
  });

  it('pages after a video, starts from one, and goes back before one', async () => {
    const first = await listFeed(db, storage, { kind: 'newest' }, 3);
    expect(ids(first)).toEqual(['t7', 't6', 't5']);
    expect(first.hasMore).toBe(true);
    const next = await listFeed(db, storage, { kind: 'after', videoId: 't5' }, 3);
    expect(ids(next)).toEqual(['t4', 't3', 't2']);
    expect(ids(await listFeed(db, storage, { kind: 'from', videoId: 't4' }, 2))).toEqual([
      't4',
      't3',
    ]);
    // The newer ones, in the feed's order, the nearest last.
    const before = await listFeed(db, storage, { kind: 'before', videoId: 't3' }, 2);
    expect(ids(before)).toEqual(['t5', 't4']);
    expect(before.hasMore).toBe(true);
  });

  it('gives no place for a video that is not in the feed', async () => {
    for (const videoId of ['wide', 'hidden', 'nosuch']) {
      expect(ids(await listFeed(db, storage, { kind: 'from', videoId }))).toEqual([]);
    }
  });

  it('reads the feed through its partial index', async () => {
    // The planner may prefer a scan on a table this small; with scans and sorts off, it must
    // find the index that serves the feed's condition and order as they are.
    const forced = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return JSON.stringify(
        await tx.execute(
          sql`explain select id from videos where ${FEED_CONDITION} order by published_at desc nulls last, id desc nulls last limit 9`,
        ),
      );
    });
    expect(forced).toContain('videos_feed_idx');
  });

  it('answers 400 naming the field for a bad position, and at most one position', async () => {
    const context = { ...createTestContext(db) };
    const bad = await dispatch(feedEndpoint, { after: 'no spaces here' }, context);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/after/);
    const two = await dispatch(feedEndpoint, { after: 't1', before: 't2' }, context);
    expect(two.status).toBe(400);
    expect(two.body.error).toMatch(/at most one/);
  });
});
