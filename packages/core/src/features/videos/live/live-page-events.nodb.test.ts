import { describe, expect, it } from 'vitest';
import { countsAsWatching, hasLivePage, toLivePageEvent } from './live-page-events';

describe("a live page's events", () => {
  it('makes every end of a live an end for its pages, however it ended', () => {
    const of = { videoId: 'v', ownerId: 'o' };
    // From a page (the streamer, staff).
    expect(
      toLivePageEvent({ type: 'live-ended', ...of, reason: 'The streamer ended the live' }),
    ).toEqual({ type: 'live-ended', hasReplay: true });
    // By the node holding the stream (the stream did not come back): back to processing.
    expect(toLivePageEvent({ type: 'processing', ...of })).toEqual({
      type: 'live-ended',
      hasReplay: true,
    });
    // No replay kept: the video is removed.
    expect(toLivePageEvent({ type: 'removed', ...of })).toEqual({
      type: 'live-ended',
      hasReplay: false,
    });
    expect(toLivePageEvent({ type: 'published', ...of })).toEqual({ type: 'published' });
    expect(toLivePageEvent({ type: 'chat', ...of })).toEqual({ type: 'chat' });
    expect(toLivePageEvent({ type: 'progress', ...of, progress: 40 })).toBeNull();
  });

  it("opens for a live on air, scheduled or ended; counts every page but its streamer's", () => {
    expect(hasLivePage(null)).toBe(false);
    expect(['live', 'scheduled', 'ended'].map((state) => hasLivePage({ state } as never))).toEqual([
      true,
      true,
      true,
    ]);
    expect(countsAsWatching({ state: 'live', ownerId: 'o' }, 'o')).toBe(false);
    expect(countsAsWatching({ state: 'live', ownerId: 'o' }, 'someone')).toBe(true);
    expect(countsAsWatching({ state: 'live', ownerId: 'o' }, null)).toBe(true);
    expect(countsAsWatching({ state: 'ended', ownerId: 'o' }, null)).toBe(false);
  });
});
