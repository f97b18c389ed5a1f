import { afterEach, expect, test, vi } from 'vitest';
import {
  isValidTaskTime,
  midRollTime,
  parseTimeString,
  parseTimer,
  resumePosition,
  vastLoadTime,
} from './schedule.ts';

afterEach(() => vi.restoreAllMocks());

test('time strings are HH:MM:SS with optional milliseconds, else absent', () => {
  expect(parseTimeString('00:00:05')).toBe(5);
  expect(parseTimeString('01:02:03.250')).toBe(3723.25);
  expect(parseTimeString('1:2:3')).toBeNull();
  expect(parseTimeString('00:61:00')).toBeNull();
  expect(parseTimeString('five')).toBeNull();
});

test('timers: seconds, numeric strings, percentages and time strings', () => {
  expect(parseTimer(12)).toEqual({ seconds: 12 });
  expect(parseTimer('12')).toEqual({ seconds: 12 });
  expect(parseTimer('25%')).toEqual({ percent: 25 });
  expect(parseTimer('00:00:30')).toEqual({ seconds: 30 });
  expect(parseTimer(undefined)).toBeNull();
  expect(parseTimer(Number.NaN)).toBeNull();
  expect(parseTimer('x%')).toBeNull();
});

test('mid-roll percentages are converted from the content duration', () => {
  expect(midRollTime({ percent: 50 }, 120)).toBe(60);
  expect(midRollTime({ percent: 0 }, 120)).toBe(0);
  expect(midRollTime({ seconds: 90 }, 120)).toBe(90);
});

test('a task time outside 0..duration or NaN is ignored with a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(midRollTime({ seconds: 130 }, 120)).toBeNull();
  expect(midRollTime({ percent: 150 }, 120)).toBeNull();
  expect(midRollTime({ seconds: -1 }, 120)).toBeNull();
  expect(warn).toHaveBeenCalledTimes(3);
  expect(isValidTaskTime(Number.NaN, 10)).toBe(false);
  expect(isValidTaskTime(5, Number.POSITIVE_INFINITY)).toBe(false);
});

test('a VAST is fetched one VAST timeout before its roll, never before 0', () => {
  expect(vastLoadTime(60, 5000)).toBe(55);
  expect(vastLoadTime(3, 5000)).toBe(0);
  // Post-roll: in the last seconds of the content.
  expect(vastLoadTime(120, 5000)).toBe(115);
});

test('content resumes 1 s back after a mid-roll and at the end after a post-roll', () => {
  expect(resumePosition('midRoll', 30, 120)).toBe(29);
  expect(resumePosition('midRoll', 0.4, 120)).toBe(0);
  expect(resumePosition('postRoll', 119.9, 120)).toBe(120);
  expect(resumePosition('preRoll', 0, 120)).toBe(0);
});
