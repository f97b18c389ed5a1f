import { describe, expect, it } from 'vitest';
import { users, videos } from '../db/schema';
import { createTestDatabase } from '../testing/test-db';
import { listNewestVideos } from './browse.service';

const { db } = await createTestDatabase();

describe('listNewestVideos', () => {
  it('lists only published videos, newest first, with the uploader', async () => {
    await db.insert(users).values({ id: 'u', username: 'maker', email: 'm@example.com' });
    await db.insert(videos).values([
      {
        id: 'a',
        ownerId: 'u',
        title: 'Old',
        slug: 'old',
        status: 'published',
        publishedAt: new Date('2026-01-01'),
      },
      {
        id: 'b',
        ownerId: 'u',
        title: 'New',
        slug: 'new',
        status: 'published',
        publishedAt: new Date('2026-02-01'),
      },
      { id: 'c', ownerId: 'u', title: 'Busy', slug: 'busy', status: 'processing' },
    ]);
    const listed = await listNewestVideos(db, { limit: 10 });
    expect(listed.map((video) => [video.title, video.uploader])).toEqual([
      ['New', 'maker'],
      ['Old', 'maker'],
    ]);
    expect(await listNewestVideos(db, { limit: 1, offset: 1 })).toHaveLength(1);
  });
});
