import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videoLabels, videos } from '../../../platform/db/schema';
import { createTestDatabase } from '../../../../test-support/test-db';
import { createUser } from '../../../../test-support/factories';
import { createVideo } from '../../../../test-support/video-factory';
import { VideoFilters } from './browse.schema';
import { listVideos } from './browse.service';

// Label filters within a category (or with required flags) are answered from label_keys alone,
// so the keys must follow every change of the row: the trigger of migration 0007 keeps them.
const { db } = await createTestDatabase();

const keysOf = async (id: string) => {
  const [row] = await db.select({ keys: videos.labelKeys }).from(videos).where(eq(videos.id, id));
  return [...row!.keys].sort();
};
const idsFor = async (input: Parameters<typeof VideoFilters.parse>[0]) =>
  (
    await listVideos(
      { db, actor: null, now: () => new Date() },
      { filters: VideoFilters.parse(input), pageSize: 24 },
    )
  ).data.map((video) => video.id);

describe('label_keys carry the category and the set flags', () => {
  it('on insert, on a category or flag change, and when labels change', async () => {
    const { user: owner } = await createUser(db, { username: 'keys-owner' });
    await createVideo(db, {
      id: 'keyed1',
      ownerId: owner.id,
      category: 'hmv',
      isTrans: true,
      labels: { tag: ['dance'], star: ['Star One'] },
    });
    expect(await keysOf('keyed1')).toEqual([
      'category:hmv',
      'flag:trans',
      'star:Star One',
      'tag:dance',
    ]);
    expect(await idsFor({ category: 'hmv', tags: ['dance'], trans: 'only' })).toEqual(['keyed1']);

    await db
      .update(videos)
      .set({ category: 'pmv', isTrans: false, isExplicit: true })
      .where(eq(videos.id, 'keyed1'));
    expect(await keysOf('keyed1')).toEqual([
      'category:pmv',
      'flag:explicit',
      'star:Star One',
      'tag:dance',
    ]);
    expect(await idsFor({ category: 'hmv', tags: ['dance'] })).toEqual([]);
    expect(await idsFor({ category: 'pmv', tags: ['dance'], explicit: 'only' })).toEqual([
      'keyed1',
    ]);
    expect(await idsFor({ category: 'pmv', tags: ['dance'], trans: 'only' })).toEqual([]);

    // The label trigger rewrites the label keys; the category and flags stay.
    await db.delete(videoLabels).where(eq(videoLabels.videoId, 'keyed1'));
    await db.insert(videoLabels).values({ videoId: 'keyed1', kind: 'tag', name: 'edm' });
    expect(await keysOf('keyed1')).toEqual(['category:pmv', 'flag:explicit', 'tag:edm']);
    expect(await idsFor({ category: 'pmv', tags: ['edm'], explicit: 'only' })).toEqual(['keyed1']);
    expect(await idsFor({ tags: ['dance'] })).toEqual([]);
  });

  it('a label named like a category key is still only a label', async () => {
    const { user: owner } = await createUser(db, { username: 'keys-owner-2' });
    await createVideo(db, {
      id: 'keyed2',
      ownerId: owner.id,
      category: 'other',
      labels: { tag: ['category:tiktok'] },
    });
    expect(await keysOf('keyed2')).toEqual(['category:other', 'tag:category:tiktok']);
    expect(await idsFor({ category: 'tiktok', tags: ['dance'] })).not.toContain('keyed2');
    expect(await idsFor({ tags: ['category:tiktok'] })).toEqual(['keyed2']);
  });
});
