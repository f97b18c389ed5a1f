/** A piece of a comment's text: plain text, a web link, or a moment of the video. */
export type CommentSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'time'; text: string; seconds: number };

// http(s) links, and times like 1:23 or 1:02:03 standing as words of their own.
const PATTERN =
  /(https?:\/\/[^\s<>"'`]+)|(?<![\w:.])(?:(\d{1,2}):([0-5]\d):([0-5]\d)|(\d{1,3}):([0-5]\d))(?![\w:]|\.\d)/giu;

/** Characters that end a sentence rather than a link ("see https://x.example/a."). */
const TRAILING = /[.,;:!?)\]}'"»”’]+$/u;

/** The link's address when it is a well-formed http(s) URL, else null (never javascript:). */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits plain comment text into text, links and timestamps. Nothing here is HTML: the
 * component renders each segment as a React text node or element. Timestamps past
 * `durationSeconds` (when known) stay text, as do all of them without `hasTimes` (a live's
 * chat: "17:18:34" there is the hour someone wrote, not a moment of the video).
 */
export function parseCommentText(
  text: string,
  durationSeconds?: number | null,
  { hasTimes = true }: { hasTimes?: boolean } = {},
): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    let raw = match[0];
    let segment: CommentSegment | null = null;
    if (match[1]) {
      const trailing = TRAILING.exec(raw)?.[0] ?? '';
      raw = raw.slice(0, raw.length - trailing.length);
      const href = safeHref(raw);
      if (href) segment = { kind: 'link', text: raw, href };
    } else {
      const seconds = match[2]
        ? Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4])
        : Number(match[5]) * 60 + Number(match[6]);
      const fits = hasTimes && (durationSeconds == null || seconds <= Math.ceil(durationSeconds));
      if (fits) segment = { kind: 'time', text: raw, seconds };
    }
    pushText(text.slice(last, start));
    if (segment) {
      segments.push(segment);
      last = start + raw.length;
    } else {
      last = start;
    }
  }
  pushText(text.slice(last));
  return segments;
}
