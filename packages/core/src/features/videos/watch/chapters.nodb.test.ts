import { describe, expect, it } from 'vitest';
import { chaptersFromDescription, timestampSeconds } from './chapters';

describe('chapters from a description', () => {
  it('reads timestamp lines as chapters, with their titles', () => {
    const description = [
      'My trip, in parts:',
      '0:00 Intro',
      '0:45 - The road',
      '(2:10) Arrival',
      '1:02:03 | The end',
      'Thanks for watching! See 0:30 again.',
    ].join('\n');
    expect(chaptersFromDescription(description)).toEqual([
      { startTime: 0, title: 'Intro' },
      { startTime: 45, title: 'The road' },
      { startTime: 130, title: 'Arrival' },
      { startTime: 3723, title: 'The end' },
    ]);
    expect(timestampSeconds('01:02:03')).toBe(3723);
  });

  it('makes none unless the first is at 0:00, there are three, rising, ten seconds apart', () => {
    expect(chaptersFromDescription('0:05 A\n0:30 B\n1:00 C')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n0:30 B')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n0:30 B\n0:20 C')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n0:05 B\n1:00 C')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n0:30 B\n1:00 C', 65)).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n0:30 B\n1:00 C', 120)).toHaveLength(3);
    expect(chaptersFromDescription('')).toEqual([]);
  });

  it('names an untitled chapter and caps a long title', () => {
    const chapters = chaptersFromDescription(`0:00\n0:30 ${'x'.repeat(300)}\n1:00 C`);
    expect(chapters[0]!.title).toBe('Chapter 1');
    expect(chapters[1]!.title).toHaveLength(100);
  });
});
