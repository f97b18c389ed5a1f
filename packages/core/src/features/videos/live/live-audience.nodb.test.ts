import { describe, expect, it } from 'vitest';
import { LiveAudience } from './live-audience';

describe('the audience of a live', () => {
  it('counts each open page once, per live, and tells followers of each change', () => {
    const audience = new LiveAudience();
    const heard: number[] = [];
    const stop = audience.follow('a', (count) => heard.push(count));
    const first = audience.join('a');
    const second = audience.join('a');
    const elsewhere = audience.join('b');
    expect(audience.count('a')).toBe(2);
    expect(audience.count('b')).toBe(1);
    first();
    first();
    expect(audience.count('a')).toBe(1);
    second();
    elsewhere();
    expect([audience.count('a'), audience.count('b')]).toEqual([0, 0]);
    stop();
    audience.join('a');
    expect(heard).toEqual([1, 2, 1, 0]);
  });
});
