import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestDatabase } from '../testing/test-db';
import { transcodeDeadLetterJob, transcodeVideoJob } from './job-definitions';
import { JobQueue } from './job-queue';

const handle = await createTestDatabase();
const queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
afterAll(() => queue.stop({ graceful: false }));

describe('jobs sent inside a transaction', () => {
  it('exist once the transaction commits (no deadlock on a single-connection database)', async () => {
    const id = await handle.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: 'jq1', username: 'jq1', email: 'jq1@example.com' });
      return queue.send(transcodeVideoJob, { videoId: 'abcdef' }, { tx: tx as never });
    });
    expect(await queue.boss.getJobById(transcodeVideoJob.name, id)).toMatchObject({
      data: { videoId: 'abcdef' },
    });
  });

  it('vanish with a transaction that rolls back', async () => {
    let jobId = '';
    await expect(
      handle.db.transaction(async (tx) => {
        jobId = await queue.send(transcodeVideoJob, { videoId: 'ghijkl' }, { tx: tx as never });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queue.boss.getJobById(transcodeVideoJob.name, jobId)).toBeNull();
    expect(await handle.db.select().from(users).where(eq(users.id, 'nobody'))).toEqual([]);
  });
});
