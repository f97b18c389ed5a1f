import { describe, expect, it } from 'vitest';
import {
  addSample,
  formatSpeed,
  formatTimeLeft,
  measureProgress,
  type ProgressSample,
} from './upload-progress';

describe('upload progress', () => {
  it('knows no speed until half a second of progress', () => {
    const samples = addSample([], { at: 0, bytes: 0 });
    expect(measureProgress(samples, 1000)).toEqual({
      percent: 0,
      bytesPerSecond: null,
      secondsLeft: null,
    });
  });

  it('measures speed and time left over the recent window', () => {
    let samples: ProgressSample[] = [];
    for (let second = 0; second <= 10; second += 1) {
      samples = addSample(samples, { at: second * 1000, bytes: second * 1_000_000 });
    }
    const progress = measureProgress(samples, 20_000_000);
    expect(progress.percent).toBe(50);
    expect(progress.bytesPerSecond).toBeCloseTo(1_000_000);
    expect(progress.secondsLeft).toBeCloseTo(10);
    expect(samples[0]!.at).toBe(5000);
  });

  it('follows a slowing connection', () => {
    let samples: ProgressSample[] = [];
    for (let second = 0; second <= 10; second += 1) {
      samples = addSample(samples, { at: second * 1000, bytes: second * 1_000_000 });
    }
    for (let second = 11; second <= 20; second += 1) {
      samples = addSample(samples, {
        at: second * 1000,
        bytes: 10_000_000 + (second - 10) * 100_000,
      });
    }
    expect(measureProgress(samples, 20_000_000).bytesPerSecond).toBeCloseTo(100_000);
  });

  it('formats speed and time', () => {
    expect(formatSpeed(1_536_000)).toBe('1.5 MB/s');
    expect(formatSpeed(512)).toBe('512 B/s');
    expect(formatTimeLeft(75)).toBe('1 min 15 s left');
    expect(formatTimeLeft(3700)).toBe('1 h 1 min left');
    expect(formatTimeLeft(0.2)).toBe('1 s left');
  });
});
