import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelativeAge, formatViews } from './format';

describe('format', () => {
  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    // As the player's time shows it (packages/player/src/dom.ts, formatTime).
    expect(formatDuration(123.6)).toBe('2:03');
    expect(formatDuration(59.99)).toBe('0:59');
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

describe('listing formats', () => {
  it('formats counts, capped or not', async () => {
    const { formatVideoCount } = await import('./format');
    expect(formatVideoCount(0)).toBe('0 videos');
    expect(formatVideoCount(1)).toBe('1 video');
    expect(formatVideoCount(1000, true)).toBe('1,000+ videos');
    expect(formatVideoCount(33000, false, true)).toBe('about 33,000 videos');
  });
  it('formats ratings and months', async () => {
    const { formatMonth, formatRating } = await import('./format');
    expect(formatRating(0, 0)).toBeNull();
    expect(formatRating(7, 1)).toBe('88%');
    expect(formatMonth('2026-03')).toBe('March 2026');
  });
  it('reads sprite frames from a thumbnail track, resolving image paths', async () => {
    const { parseSpriteVtt } = await import('./format');
    const vtt = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:05.000',
      'sprites-0.jpg#xywh=0,0,160,90',
      '',
      '00:00:05.000 --> 00:00:10.000',
      'sprites-0.jpg#xywh=160,0,160,90',
    ].join('\n');
    expect(parseSpriteVtt(vtt, '/media/videos/abc/v1/sprites.vtt')).toEqual([
      { url: '/media/videos/abc/v1/sprites-0.jpg', x: 0, y: 0, width: 160, height: 90 },
      { url: '/media/videos/abc/v1/sprites-0.jpg', x: 160, y: 0, width: 160, height: 90 },
    ]);
    expect(parseSpriteVtt(vtt, 'https://cdn.example.com/v/sprites.vtt')[1]!.url).toBe(
      'https://cdn.example.com/v/sprites-0.jpg',
    );
    expect(parseSpriteVtt('WEBVTT\n\nnot a cue', '/x.vtt')).toEqual([]);
  });
});
