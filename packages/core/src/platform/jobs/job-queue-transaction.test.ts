import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { inTransaction } from '../db/unit-of-work';
import { createTestDatabase } from '../../../test-support/test-db';
import { transcodeDeadLetterJob, transcodeVideoJob } from './job-definitions';
import { JobQueue } from './job-queue';

const handle = await createTestDatabase();
const queue = await JobQueue.start(handle, [transcodeDeadLetterJob, transcodeVideoJob]);
afterAll(() => queue.stop({ graceful: false }));

describe('jobs sent inside a transaction', () => {
  it('exist once the transaction commits (no deadlock on a single-connection database)', async () => {
    const id = await inTransaction(handle, async (unit) => {
      await unit.db.insert(users).values({ id: 'jq1', username: 'jq1', email: 'jq1@example.com' });
      return queue.send(transcodeVideoJob, { videoId: 'abcdef' }, { on: unit });
    });
    expect(await queue.boss.getJobById(transcodeVideoJob.name, id)).toMatchObject({
      data: { videoId: 'abcdef' },
    });
  });

  it('vanish with a transaction that rolls back', async () => {
    let jobId = '';
    await expect(
      inTransaction(handle, async (unit) => {
        jobId = await queue.send(transcodeVideoJob, { videoId: 'ghijkl' }, { on: unit });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queue.boss.getJobById(transcodeVideoJob.name, jobId)).toBeNull();
    expect(await handle.db.select().from(users).where(eq(users.id, 'nobody'))).toEqual([]);
  });
});
