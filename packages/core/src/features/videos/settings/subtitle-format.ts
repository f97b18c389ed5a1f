// Subtitle files as uploaded (WebVTT or SRT) made into a clean WebVTT: timings re-written,
// cue text as plain text (no tags, no markup), everything else (styles, regions, notes,
// cue settings) dropped. What is stored is only what this writes.

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/** The most cues a track may hold. */
export const MAX_SUBTITLE_CUES = 10_000;

export class SubtitleFormatError extends Error {}

const TIME = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})$/;

/** Seconds of a WebVTT (`01:02.500`, `1:01:02.500`) or SRT (`01:01:02,500`) time; null if not one. */
export function parseSubtitleTime(value: string): number | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  return (
    Number(hours) * 3600 +
    Number(minutes) * 60 +
    Number(seconds) +
    Number(fraction.padEnd(3, '0')) / 1000
  );
}

/** `HH:MM:SS.mmm`. */
export function formatVttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/**
 * A cue's text as plain text: tags (`<i>`, `<c.x>`, `<font ...>`, `<script>`, timestamps)
 * removed, entities decoded, and what could end a cue or be read as markup again (angle
 * brackets, so no `-->` either, and blank lines) taken out.
 */
export function plainCueText(text: string): string {
  return (
    text
      .replace(/<[^>]*>?/g, '')
      .replace(/&(amp|lt|gt|quot|apos|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/[<>]/g, '')
      // Control characters a browser would not show, and a NUL PostgreSQL cannot store.
      // eslint-disable-next-line no-control-regex -- they are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n')
  );
}

/**
 * Reads WebVTT (it starts with `WEBVTT`) or SRT text into cues. Blocks without a timing line
 * (notes, styles, regions, SRT numbers alone) are skipped; a file with no cue at all, or a
 * cue ending before it starts, is refused.
 */
export function parseSubtitles(raw: string): SubtitleCue[] {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const isVtt = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text);
  const cues: SubtitleCue[] = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => line.includes('-->'));
    // A timing line is the first or second line of its block (after a cue id or SRT number).
    if (at < 0 || at > 1) continue;
    if (isVtt && /^(?:NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const [startText = '', rest = ''] = lines[at]!.split('-->');
    const start = parseSubtitleTime(startText);
    const end = parseSubtitleTime(rest.trim().split(/[ \t]+/)[0] ?? '');
    if (start === null || end === null) {
      throw new SubtitleFormatError(
        `has a timing line that cannot be read: "${lines[at]!.slice(0, 60)}"`,
      );
    }
    if (end < start)
      throw new SubtitleFormatError(
        `has a cue ending before it starts (${lines[at]!.slice(0, 60)})`,
      );
    const cueText = plainCueText(lines.slice(at + 1).join('\n'));
    if (!cueText) continue;
    cues.push({ start, end, text: cueText });
    if (cues.length > MAX_SUBTITLE_CUES) {
      throw new SubtitleFormatError(`has more than ${MAX_SUBTITLE_CUES} cues`);
    }
  }
  if (cues.length === 0)
    throw new SubtitleFormatError('holds no subtitle: upload a WebVTT (.vtt) or SRT (.srt) file');
  return cues;
}

/** Cues as a WebVTT file. */
export function writeVtt(cues: SubtitleCue[]): string {
  return `WEBVTT\n\n${cues
    .map((cue) => `${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}\n${cue.text}\n`)
    .join('\n')}`;
}

/** An uploaded WebVTT or SRT file as the clean WebVTT that is stored. */
export const toCleanVtt = (raw: string): string => writeVtt(parseSubtitles(raw));
