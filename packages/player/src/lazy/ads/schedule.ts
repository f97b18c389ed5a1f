// Timing rules of the rolls (docs/player/behaviour.md, "Ads"): when a roll plays, when its VAST is
// fetched, and where the content resumes. Pure functions, so the arithmetic is tested without a
// browser.
import { logWarn } from '../../log.ts';
import { MID_ROLL_REWIND_S } from './constants.ts';

/** A mid-roll time: seconds from the start, or a percentage of the content duration. */
export type RollTimer = { seconds: number } | { percent: number };

const TIME_STRING = /^(\d{1,2}):([0-5]\d):([0-5]\d)(\.\d{1,3})?$/;

/** Parses 'HH:MM:SS' with optional milliseconds into seconds; null when it does not match. */
export function parseTimeString(value: string): number | null {
  const m = TIME_STRING.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0);
}

/** Reads an adList timer: a number of seconds, a numeric string, 'NN%' or 'HH:MM:SS[.mmm]'. */
export function parseTimer(value: unknown): RollTimer | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { seconds: value } : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (text.endsWith('%')) {
    const percent = Number(text.slice(0, -1));
    return Number.isFinite(percent) ? { percent } : null;
  }
  if (/^\d+(\.\d+)?$/.test(text)) return { seconds: Number(text) };
  const seconds = parseTimeString(text);
  return seconds === null ? null : { seconds };
}

/**
 * The content time a mid-roll plays at, or null when it is NaN or outside 0..duration (then
 * ignored with a warning, docs/player/behaviour.md).
 */
export function midRollTime(timer: RollTimer, duration: number): number | null {
  const time = 'percent' in timer ? (duration * timer.percent) / 100 : timer.seconds;
  if (!isValidTaskTime(time, duration)) {
    logWarn(`Ad scheduled at ${time} s is outside the video (0..${duration} s): ignored.`);
    return null;
  }
  return time;
}

export function isValidTaskTime(time: number, duration: number): boolean {
  return !Number.isNaN(time) && time >= 0 && Number.isFinite(duration) && time <= duration;
}

/** When to fetch a roll's VAST so that it is ready by `playAt`: one VAST timeout earlier. */
export function vastLoadTime(playAt: number, vastTimeoutMs: number): number {
  return Math.max(0, playAt - vastTimeoutMs / 1000);
}

/** Where the content resumes after a roll (mid-roll: 1 s back; post-roll: the end). */
export function resumePosition(roll: string, savedTime: number, duration: number): number {
  if (roll === 'postRoll') return Number.isFinite(duration) ? duration : savedTime;
  if (roll === 'midRoll') return Math.max(0, savedTime - MID_ROLL_REWIND_S);
  return savedTime;
}
