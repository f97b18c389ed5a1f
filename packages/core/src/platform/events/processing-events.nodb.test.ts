import { describe, expect, it } from 'vitest';
import { Listings, MemoryListingCache } from '../cache/listing-cache';
import { dropCachedPagesOnStateChange, InProcessEvents } from './processing-events';

describe('dropCachedPagesOnStateChange', () => {
  it('starts a new listings generation (dropping kept pages) at each change of a state', async () => {
    const events = new InProcessEvents();
    const listings = new Listings(new MemoryListingCache({ ttlSeconds: 30 }));
    const errors: unknown[] = [];
    const stop = dropCachedPagesOnStateChange(events, listings, (error) => errors.push(error));
    const ids = { videoId: 'v1', ownerId: 'o1' };

    let generation = await listings.currentGeneration();
    const changes = [
      { type: 'playable', ...ids, quality: 360 },
      { type: 'published', ...ids },
      { type: 'failed', ...ids, reason: 'broken' },
      { type: 'processing', ...ids },
      { type: 'removed', ...ids },
    ] as const;
    for (const event of changes) {
      events.publish(event);
      const next = await listings.currentGeneration();
      expect(next, event.type).not.toBe(generation);
      generation = next;
    }

    // Progress and the bell change no page anyone is served alike.
    events.publish({ type: 'progress', ...ids, progress: 40 });
    events.publish({ type: 'notifications', ownerId: 'o1' });
    expect(await listings.currentGeneration()).toBe(generation);

    stop();
    events.publish({ type: 'published', ...ids });
    expect(await listings.currentGeneration()).toBe(generation);
    expect(errors).toEqual([]);
  });
});
