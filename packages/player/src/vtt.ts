/** A cue of a WebVTT file. */
export interface VttCue {
  startTime: number;
  endTime: number;
  text: string;
}

/** A timeline preview cue: an image, or a region of a sprite image. */
export interface PreviewCue {
  startTime: number;
  endTime: number;
  image: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const DEFAULT_PREVIEW_SIZE = { w: 122.5, h: 69 };

const TIME = /^(?:(\d+):)?([0-5]\d):([0-5]\d)(?:[.,](\d{1,3}))?$/;

/**
 * Parses 'HH:MM:SS.mmm' (hours and milliseconds optional) into seconds; null when the string
 * does not look like a time, so callers treat it as absent.
 */
export function parseTimestamp(value: string): number | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const [, h, min, s, ms] = m;
  return (
    Number(h ?? 0) * 3600 +
    Number(min) * 60 +
    Number(s) +
    (ms ? Number(ms.padEnd(3, '0')) / 1000 : 0)
  );
}

/** Parses WebVTT text into cues; blocks without a valid timing line are skipped. */
export function parseVtt(text: string): VttCue[] {
  const cues: VttCue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0) continue;
    const timing = lines[timingIndex] ?? '';
    const [startRaw = '', rest = ''] = timing.split('-->');
    const endRaw = rest.trim().split(/\s+/)[0] ?? '';
    const startTime = parseTimestamp(startRaw);
    const endTime = parseTimestamp(endRaw);
    if (startTime === null || endTime === null || endTime < startTime) continue;
    cues.push({
      startTime,
      endTime,
      text: lines
        .slice(timingIndex + 1)
        .join('\n')
        .trim(),
    });
  }
  return cues;
}

/** Parses a cue text such as 'sprite.jpg#xywh=0,0,160,90' into an image and its region. */
export function parsePreviewTarget(text: string): Omit<PreviewCue, 'startTime' | 'endTime'> {
  const [image = '', fragment = ''] = text.trim().split('#');
  const match = /^xywh=(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(
    fragment,
  );
  if (!match) return { image, x: 0, y: 0, ...DEFAULT_PREVIEW_SIZE };
  const [, x, y, w, h] = match.map(Number) as [number, number, number, number, number];
  return { image, x, y, w, h };
}

/**
 * Parses a timeline preview VTT. Images are resolved against `baseUrl` (the VTT's own URL)
 * unless `spriteImage` replaces them all.
 */
export function parsePreviewVtt(text: string, baseUrl: string, spriteImage?: string): PreviewCue[] {
  return parseVtt(text).map((cue) => {
    const target = parsePreviewTarget(cue.text);
    const image = spriteImage ?? target.image;
    let resolved = image;
    try {
      resolved = new URL(image, baseUrl).href;
    } catch {
      // Keep the path as written when there is no usable base URL.
    }
    return { startTime: cue.startTime, endTime: cue.endTime, ...target, image: resolved };
  });
}

/** The cue active at `time`, by binary search over cues sorted by start time. */
export function findCue<T extends { startTime: number; endTime: number }>(
  cues: readonly T[],
  time: number,
): T | undefined {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cue = cues[mid]!;
    if (time < cue.startTime) hi = mid - 1;
    else if (time >= cue.endTime) lo = mid + 1;
    else return cue;
  }
  return undefined;
}

/** All cues active at `time` (subtitles may overlap). */
export function activeCues<T extends { startTime: number; endTime: number }>(
  cues: readonly T[],
  time: number,
): T[] {
  return cues.filter((cue) => time >= cue.startTime && time < cue.endTime);
}
