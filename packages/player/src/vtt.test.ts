import { describe, expect, test } from 'vitest';
import {
  activeCues,
  findCue,
  parsePreviewTarget,
  parsePreviewVtt,
  parseTimestamp,
  parseVtt,
} from './vtt.ts';

describe('parseTimestamp', () => {
  test('reads HH:MM:SS with optional milliseconds and MM:SS.mmm', () => {
    expect(parseTimestamp('00:00:01.500')).toBe(1.5);
    expect(parseTimestamp('01:02:03')).toBe(3723);
    expect(parseTimestamp('02:03.250')).toBe(123.25);
    expect(parseTimestamp('00:00:01,5')).toBe(1.5);
  });
  test('treats anything else as absent', () => {
    for (const bad of ['', '1', '00:61:00', 'aa:bb:cc', '00:00:00.1234', '1:2:3']) {
      expect(parseTimestamp(bad)).toBeNull();
    }
  });
});

describe('parseVtt', () => {
  test('reads cues with identifiers, settings, multi-line text and CRLF', () => {
    const text =
      'WEBVTT\r\n\r\nNOTE a comment\r\n\r\n1\r\n00:00:00.000 --> 00:00:02.000 align:start\r\nHello\r\nworld\r\n\r\n00:00:02.000 --> 00:00:04.500\r\n<b>Bold</b>\r\n';
    expect(parseVtt(text)).toEqual([
      { startTime: 0, endTime: 2, text: 'Hello\nworld' },
      { startTime: 2, endTime: 4.5, text: '<b>Bold</b>' },
    ]);
  });
  test('skips cues with broken timings', () => {
    expect(
      parseVtt('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nbackwards\n\nxx --> yy\nbad'),
    ).toEqual([]);
  });
});

describe('timeline preview cues', () => {
  test('reads the xywh fragment', () => {
    expect(parsePreviewTarget('sprite.jpg#xywh=160,90,160,90')).toEqual({
      image: 'sprite.jpg',
      x: 160,
      y: 90,
      w: 160,
      h: 90,
    });
  });
  test('defaults to 122.5 x 69 without a fragment', () => {
    expect(parsePreviewTarget('frame-1.jpg')).toEqual({
      image: 'frame-1.jpg',
      x: 0,
      y: 0,
      w: 122.5,
      h: 69,
    });
  });
  test('resolves images against the VTT URL, or uses spriteImage', () => {
    const vtt =
      'WEBVTT\n\n00:00.000 --> 00:01.000\nthumbs.jpg#xywh=0,0,160,90\n\n00:01.000 --> 00:02.000\nthumbs.jpg#xywh=160,0,160,90';
    const cues = parsePreviewVtt(vtt, 'https://cdn.example/v/1/thumbs.vtt');
    expect(cues[1]).toEqual({
      startTime: 1,
      endTime: 2,
      image: 'https://cdn.example/v/1/thumbs.jpg',
      x: 160,
      y: 0,
      w: 160,
      h: 90,
    });
    expect(parsePreviewVtt(vtt, 'https://a/b.vtt', '/s.png')[0]?.image).toBe('https://a/s.png');
  });
  test('finds the cue at a time', () => {
    const cues = [0, 1, 2, 3].map((s) => ({ startTime: s, endTime: s + 1 }));
    expect(findCue(cues, 2.5)).toBe(cues[2]);
    expect(findCue(cues, 0)).toBe(cues[0]);
    expect(findCue(cues, 4)).toBeUndefined();
    expect(
      activeCues(
        [
          { startTime: 0, endTime: 3 },
          { startTime: 1, endTime: 2 },
        ],
        1.5,
      ),
    ).toHaveLength(2);
  });
});
