/**
 * 75 → "1:15", 3725 → "1:02:05". Whole seconds go down, as the player counts them: a video of
 * 123.6 s is 2:03 on its card and in the player.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** 1 → "1 view", 1530 → "1.5K views". */
export function formatViews(views: number): string {
  return views === 1 ? '1 view' : `${compact.format(views)} views`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago, in words: "3 days ago". */
export function formatRelativeAge(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** Formats a byte count for messages: 4294967296 → "4 GiB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

const whole = new Intl.NumberFormat('en');

/**
 * A listing's count: "1,234 videos", "1,000+ videos" when the count was capped, "about
 * 33,000 videos" when it is an estimate.
 */
export function formatVideoCount(count: number, isCapped = false, isEstimate = false): string {
  const noun = count === 1 && !isCapped && !isEstimate ? 'video' : 'videos';
  return `${isEstimate ? 'about ' : ''}${whole.format(count)}${isCapped ? '+' : ''} ${noun}`;
}

/** Share of upvotes among votes, "87%", or null when nobody voted. */
export function formatRating(upvotes: number, downvotes: number): string | null {
  const votes = upvotes + downvotes;
  return votes > 0 ? `${Math.round((upvotes / votes) * 100)}%` : null;
}

/** "2026-03" → "March 2026". */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, monthNumber! - 1, 1)).toLocaleString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** One frame of a preview sprite sheet: the image and the rectangle within it. */
export interface SpriteFrame {
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The frames of a WebVTT thumbnail track (`sprite.jpg#xywh=0,0,160,90` cues), with image URLs
 * resolved against the track's own URL.
 */
export function parseSpriteVtt(text: string, vttUrl: string): SpriteFrame[] {
  const frames: SpriteFrame[] = [];
  const base = new URL(vttUrl, 'http://local.invalid/');
  for (const line of text.split(/\r?\n/)) {
    const match = /^(\S+?)#xywh=(\d+),(\d+),(\d+),(\d+)\s*$/.exec(line.trim());
    if (!match) continue;
    const resolved = new URL(match[1]!, base);
    const url =
      resolved.origin === 'http://local.invalid' && !/^https?:/.test(vttUrl)
        ? `${resolved.pathname}${resolved.search}`
        : resolved.toString();
    frames.push({
      url,
      x: Number(match[2]),
      y: Number(match[3]),
      width: Number(match[4]),
      height: Number(match[5]),
    });
  }
  return frames;
}
