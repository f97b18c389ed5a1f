import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelativeAge, formatViews } from './format';

describe('format', () => {
  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
  it('formats views', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(1530)).toBe('1.5K views');
  });
  it('formats ages', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatRelativeAge(new Date('2026-03-07T12:00:00Z'), now)).toBe('3 days ago');
    expect(formatRelativeAge(new Date('2026-03-10T11:59:50Z'), now)).toBe('just now');
  });
});
