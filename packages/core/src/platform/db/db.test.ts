import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test-support/test-db';
import { openDatabase } from './client';
import { users, videoLabels, videos } from './schema';

const { db, kind } = await createTestDatabase();

describe('database schema', () => {
  it('refuses a second username that differs only in case', async () => {
    await db.insert(users).values({ id: 'u1', username: 'Alice', email: 'a@example.com' });
    await expect(
      db.insert(users).values({ id: 'u2', username: 'alice', email: 'b@example.com' }),
    ).rejects.toThrow();
  });

  it('removes a video’s labels with the video', async () => {
    await db.insert(users).values({ id: 'u3', username: 'bob', email: 'bob@example.com' });
    await db.insert(videos).values({ id: 'v1', ownerId: 'u3', title: 'T', slug: 't' });
    await db.insert(videoLabels).values([
      { videoId: 'v1', kind: 'tag', name: 'blue' },
      { videoId: 'v1', kind: 'music', name: 'song' },
    ]);
    await db.delete(videos).where(sql`${videos.id} = 'v1'`);
    expect(await db.select().from(videoLabels)).toEqual([]);
  });

  it('has the trigram extension available for typo-tolerant search', async () => {
    const result = await db.execute<{ close: boolean }>(
      sql`select similarity('cutroom', 'cutrom') > 0.5 as close`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ close: true });
  });

  it.runIf(kind === 'pglite')(
    "holds the embedded database's buffer cache to the size it is given",
    async () => {
      const template = new Blob([readFileSync(inject('templateDumpPath'))]);
      const bounded = await openDatabase({ loadDataDir: template, sharedBuffersMb: 16 });
      try {
        const result = await bounded.db.execute<{ shared_buffers: string }>(
          sql`show shared_buffers`,
        );
        expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({
          shared_buffers: '16MB',
        });
      } finally {
        await bounded.close();
      }
    },
  );
});
