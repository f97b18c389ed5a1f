import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { MediaServices } from '../src/kernel/endpoint';
import type { DatabaseHandle } from '../src/platform/db/client';
import type { JobDefinition } from '../src/platform/jobs/job-definitions';
import { JobQueue } from '../src/platform/jobs/job-queue';
import { LocalStorage } from '../src/platform/storage/local-storage';
import { InProcessEvents } from '../src/platform/events/processing-events';
import type { z } from 'zod';

/**
 * Real media services for a core test file: local storage in a temporary folder, the job queue
 * on the test database (nothing works its jobs unless the test does), the in-process events.
 */
export async function createTestMediaServices(
  handle: DatabaseHandle,
  jobs: JobDefinition<z.ZodType>[] = [],
): Promise<MediaServices & { storage: LocalStorage; events: InProcessEvents }> {
  const work = mkdtempSync(join(tmpdir(), 'cutroom-core-media-'));
  const storage = new LocalStorage({ root: join(work, 'media'), publicBaseUrl: '/media' });
  const queue = await JobQueue.start(handle, jobs);
  afterAll(async () => {
    await queue.stop({ graceful: false });
    await rm(work, { recursive: true, force: true });
  });
  return {
    storage,
    queue,
    events: new InProcessEvents(),
    uploads: { find: async () => null, remove: async () => undefined },
  };
}
