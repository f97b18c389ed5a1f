import { describe, expect, it } from 'vitest';
import { applyProcessingEvent, processingText, type ProcessingItem } from './processing-list';

const item = (id: string, progress = 0): ProcessingItem => ({
  id,
  slug: id,
  title: id,
  status: 'processing',
  progress,
  failureReason: null,
  playableQuality: null,
});

describe('applyProcessingEvent', () => {
  it('moves progress forward only, for the named video', () => {
    let items = [item('a', 10), item('b', 50)];
    items = applyProcessingEvent(items, { type: 'progress', videoId: 'a', progress: 40 });
    items = applyProcessingEvent(items, { type: 'progress', videoId: 'a', progress: 30 });
    expect(items.map((i) => i.progress)).toEqual([40, 50]);
  });

  it('follows publish, failure, retry and removal', () => {
    let items = [item('a', 90)];
    items = applyProcessingEvent(items, { type: 'failed', videoId: 'a', reason: 'broken' });
    expect(items[0]).toMatchObject({ status: 'failed', failureReason: 'broken' });
    items = applyProcessingEvent(items, { type: 'processing', videoId: 'a' });
    expect(items[0]).toMatchObject({ status: 'processing', progress: 0, failureReason: null });
    items = applyProcessingEvent(items, { type: 'published', videoId: 'a' });
    expect(items[0]).toMatchObject({ status: 'published', progress: 100 });
    expect(applyProcessingEvent(items, { type: 'removed', videoId: 'a' })[0]!.status).toBe(
      'removed',
    );
  });

  it('says when the first quality already plays, until publication, a failure or a retry', () => {
    let items = [item('a', 20)];
    expect(processingText(items[0]!)).toBe('20 %');
    items = applyProcessingEvent(items, { type: 'playable', videoId: 'a', quality: 360 });
    expect(items[0]).toMatchObject({ status: 'processing', playableQuality: 360 });
    expect(processingText(items[0]!)).toBe(
      '20 %: playable now at 360p; the other qualities follow',
    );
    items = applyProcessingEvent(items, { type: 'published', videoId: 'a' });
    expect(processingText(items[0]!)).toBe('Published');
    const failed = applyProcessingEvent(
      applyProcessingEvent([item('b', 50)], { type: 'playable', videoId: 'b', quality: 720 }),
      { type: 'failed', videoId: 'b', reason: 'broken' },
    );
    expect(failed[0]!.playableQuality).toBeNull();
  });

  it('says a held upload waits for staff, not that it is published', () => {
    let items = [item('a', 95)];
    items = applyProcessingEvent(items, { type: 'playable', videoId: 'a', quality: 360 });
    items = applyProcessingEvent(items, { type: 'held', videoId: 'a' });
    expect(items[0]).toMatchObject({ status: 'held', progress: 100, playableQuality: null });
    expect(processingText(items[0]!)).toMatch(/^Held for review: it matches another member/);
  });
});
