import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../kernel/dispatch';
import { findEndpoint } from '../../../api/endpoints';
import { videoLabels, videos } from '../../../platform/db/schema';
import { createTestContext } from '../../../../test-support/test-context';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { createVideo } from '../../../../test-support/video-factory';
import {
  getMetadataLists,
  getTopTags,
  listArchiveMonths,
  listLabelCounts,
  rebuildPublishedCounts,
} from './metadata.service';

const { db } = await createTestDatabase();
const { user: owner } = await createUser(db, { username: 'maker' });

async function allCounts() {
  const rows = await db.execute(
    sql`select kind, name, count from published_counts where count <> 0 order by kind, name`,
  );
  return (rows as unknown as { rows: { kind: string; name: string; count: number }[] }).rows.map(
    (row) => `${row.kind}:${row.name}=${row.count}`,
  );
}

describe('metadata counts', () => {
  it('counts labels of published videos only, and follows publish, unpublish, edits and deletes', async () => {
    await createVideo(db, {
      id: 'm1',
      ownerId: owner.id,
      category: 'pmv',
      publishedAt: new Date('2026-03-04T10:00:00Z'),
      labels: { tag: ['dance', 'edm'], music: ['Lorde'], star: ['Ann'], creator: ['studio'] },
    });
    await createVideo(db, {
      id: 'm2',
      ownerId: owner.id,
      category: 'hmv',
      publishedAt: new Date('2026-04-01T10:00:00Z'),
      labels: { tag: ['dance'] },
    });
    await createVideo(db, {
      id: 'm3',
      ownerId: owner.id,
      status: 'processing',
      labels: { tag: ['dance', 'secret'] },
    });
    expect(await listLabelCounts(db, 'tags')).toEqual({ dance: 2, edm: 1 });
    expect(await listLabelCounts(db, 'music')).toEqual({ Lorde: 1 });
    expect(await listArchiveMonths(db)).toEqual([
      { month: '2026-04', count: 1 },
      { month: '2026-03', count: 1 },
    ]);

    // Publishing m3 brings its labels in; unpublishing m1 takes its labels out.
    await db
      .update(videos)
      .set({ status: 'published', publishedAt: new Date('2026-04-02T00:00:00Z') })
      .where(eq(videos.id, 'm3'));
    await db.update(videos).set({ status: 'unpublished_admin' }).where(eq(videos.id, 'm1'));
    expect(await listLabelCounts(db, 'tags')).toEqual({ dance: 2, secret: 1 });
    expect(await listLabelCounts(db, 'stars')).toEqual({});

    // Label edits on a published video, a category change, and a delete.
    await db.insert(videoLabels).values({ videoId: 'm2', kind: 'star', name: 'Bea' });
    await db.delete(videoLabels).where(eq(videoLabels.videoId, 'm3'));
    await db.update(videos).set({ category: 'other' }).where(eq(videos.id, 'm2'));
    expect(await allCounts()).toEqual([
      'all:=2',
      'category:other=2',
      'month:2026-04=2',
      'star:Bea=1',
      'tag:dance=1',
    ]);
    await db.delete(videos).where(eq(videos.id, 'm2'));
    expect(await allCounts()).toEqual(['all:=1', 'category:other=1', 'month:2026-04=1']);

    // A rebuild from scratch agrees with what the triggers kept.
    await db.update(videos).set({ status: 'published' }).where(eq(videos.id, 'm1'));
    const kept = await allCounts();
    await rebuildPublishedCounts(db);
    expect(await allCounts()).toEqual(kept);
    expect(kept).toContain('tag:edm=1');
  });

  it('keeps label names in the search document', async () => {
    const [row] = await db
      .select({ labelText: videos.labelText })
      .from(videos)
      .where(eq(videos.id, 'm1'));
    expect(row!.labelText.split(' ').sort()).toEqual(['Ann', 'Lorde', 'dance', 'edm', 'studio']);
  });

  it('caps the top tags at 20 and orders by count', async () => {
    for (let i = 0; i < 25; i++) {
      await createVideo(db, {
        ownerId: owner.id,
        labels: { tag: Array.from({ length: 25 - i }, (_, t) => `t${String(t).padStart(2, '0')}`) },
      });
    }
    const top = await getTopTags(db);
    expect(Object.keys(top)).toHaveLength(20);
    expect(Object.entries(top).slice(0, 2)).toEqual([
      ['t00', 25],
      ['t01', 24],
    ]);
    expect(await listLabelCounts(db, 'tags', { prefix: 'T2', limit: 3 })).toEqual({
      t20: 5,
      t21: 4,
      t22: 3,
    });
    const lists = await getMetadataLists(db);
    expect(Object.keys(lists)).toEqual(['tags', 'music', 'stars', 'creators', 'topTags']);
    expect(lists.music).toEqual({ Lorde: 1 });
  });
});

describe('/api/metadata', () => {
  const endpoint = findEndpoint('/api/metadata')!;
  const context = createTestContext(db);

  it('answers one list with the top tags', async () => {
    const result = await dispatch(endpoint, { list: 'stars' }, context);
    expect(result.status).toBe(200);
    expect(result.body.stars).toEqual({ Ann: 1 });
    expect(Object.keys(result.body.topTags as object)).toHaveLength(20);
  });

  it.each([
    [
      { list: 'genres' },
      'list: Unknown list "genres"; expected one of tags, music, stars, creators',
    ],
    [{ limit: 0 }, 'limit: limit is at least 1'],
    [{ other: 1 }, 'has fields this call does not take: other'],
  ])('answers 400 for %j', async (body, message) => {
    const result = await dispatch(endpoint, body, context);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(message);
  });
});
