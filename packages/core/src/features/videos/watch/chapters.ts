// Chapters from a video's description, by the rules viewers know from other video sites: lines
// that start with a timestamp, the first at 0:00, at least three, in rising order, each at least
// ten seconds long. Pure: the watch page runs it in the browser.

/** A chapter: where it starts (seconds) and its title. */
export interface Chapter {
  startTime: number;
  title: string;
}

/** The fewest chapters a description must list. */
export const MIN_CHAPTERS = 3;
/** The shortest a chapter may be, in seconds. */
export const MIN_CHAPTER_SECONDS = 10;

// "1:23 Title", "01:02:03 - Title", "(0:00) Title", "0:00 | Title"
const LINE = /^\s*[([]?((?:\d{1,2}:)?\d{1,3}:[0-5]\d)[)\]]?\s*(?:[-–—:|.]\s*)?(.*)$/u;

/** The seconds a timestamp like 1:23 or 1:02:03 names. */
export function timestampSeconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * The description's chapters, or an empty list when its timestamp lines do not make chapters.
 * A chapter's title is the rest of its line (up to 100 characters). Chapters starting after
 * `durationSeconds` (when known) make the list void.
 */
export function chaptersFromDescription(
  description: string,
  durationSeconds?: number | null,
): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/u)) {
    const match = LINE.exec(line);
    if (!match) continue;
    const title = match[2]!.trim().slice(0, 100);
    chapters.push({
      startTime: timestampSeconds(match[1]!),
      title: title || `Chapter ${chapters.length + 1}`,
    });
  }
  if (chapters.length < MIN_CHAPTERS || chapters[0]!.startTime !== 0) return [];
  const end = durationSeconds ?? Infinity;
  for (let index = 0; index < chapters.length; index++) {
    const next = chapters[index + 1]?.startTime ?? end;
    if (next - chapters[index]!.startTime < MIN_CHAPTER_SECONDS) return [];
  }
  return chapters;
}
