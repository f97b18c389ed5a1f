import { describe, expect, test } from 'vitest';
import { mapKey, stepSubtitleSize, stepVolume } from './keyboard.ts';

describe('mapKey', () => {
  test('maps the keys of docs/player/behaviour.md', () => {
    expect(mapKey({ key: ' ' })).toEqual({ type: 'togglePlay' });
    expect(mapKey({ key: 'Enter' })).toEqual({ type: 'togglePlay' });
    expect(mapKey({ key: 'ArrowLeft' })).toEqual({ type: 'seekBy', seconds: -10 });
    expect(mapKey({ key: 'ArrowRight' })).toEqual({ type: 'seekBy', seconds: 10 });
    expect(mapKey({ key: 'ArrowUp' })).toEqual({ type: 'volumeBy', delta: 0.05 });
    expect(mapKey({ key: 'ArrowDown' })).toEqual({ type: 'volumeBy', delta: -0.05 });
    expect(mapKey({ key: 'Home' })).toEqual({ type: 'seekToStart' });
    expect(mapKey({ key: 'End' })).toEqual({ type: 'seekToEnd' });
    for (const key of ['f', 'F']) expect(mapKey({ key })).toEqual({ type: 'toggleFullscreen' });
    for (const key of ['m', 'M']) expect(mapKey({ key })).toEqual({ type: 'toggleMute' });
    for (const key of ['i', 'I']) expect(mapKey({ key })).toEqual({ type: 'toggleMiniPlayer' });
    expect(mapKey({ key: '+' })).toEqual({ type: 'subtitleSize', direction: 1 });
    expect(mapKey({ key: '-' })).toEqual({ type: 'subtitleSize', direction: -1 });
  });
  test('digits seek to 0-90 %', () => {
    for (let d = 0; d <= 9; d++) {
      expect(mapKey({ key: String(d) })).toEqual({ type: 'seekToPercent', percent: d * 10 });
    }
  });
  test('leaves other keys and shortcuts with modifiers to the page', () => {
    expect(mapKey({ key: 'a' })).toBeNull();
    expect(mapKey({ key: 'Tab' })).toBeNull();
    expect(mapKey({ key: 'f', ctrlKey: true })).toBeNull();
    expect(mapKey({ key: '5', metaKey: true })).toBeNull();
  });
});

describe('stepVolume', () => {
  test('steps by 0.05 without float drift', () => {
    expect(stepVolume(0.5, 0.05)).toBe(0.55);
    expect(stepVolume(0.3, -0.05)).toBe(0.25);
  });
  test('clamps below 0.05 to 0 and above 0.95 to 1', () => {
    expect(stepVolume(0.08, -0.05)).toBe(0);
    expect(stepVolume(0.05, -0.05)).toBe(0);
    expect(stepVolume(0.93, 0.05)).toBe(1);
    expect(stepVolume(1, 0.05)).toBe(1);
    expect(stepVolume(0, -0.05)).toBe(0);
    expect(stepVolume(0.1, -0.05)).toBe(0.05);
    expect(stepVolume(0.9, 0.05)).toBe(0.95);
  });
});

describe('stepSubtitleSize', () => {
  test('steps through 50, 75, 100, 150, 200 and stops at the ends', () => {
    expect(stepSubtitleSize(100, 1)).toBe(150);
    expect(stepSubtitleSize(150, 1)).toBe(200);
    expect(stepSubtitleSize(200, 1)).toBe(200);
    expect(stepSubtitleSize(100, -1)).toBe(75);
    expect(stepSubtitleSize(50, -1)).toBe(50);
    expect(stepSubtitleSize(123, 1)).toBe(150);
  });
});
