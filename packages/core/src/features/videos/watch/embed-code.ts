// The embed code of a video: pure, so the share menu (in the browser) and the oEmbed answer
// (on the server) write the same iframe.

/** The frame sizes the share menu offers, smallest first; the oEmbed answer picks from them. */
export const EMBED_SIZES = [
  { width: 560, height: 315 },
  { width: 640, height: 360 },
  { width: 853, height: 480 },
  { width: 1280, height: 720 },
] as const;

/** The size the share menu and oEmbed use when none is asked for. */
export const DEFAULT_EMBED_SIZE = EMBED_SIZES[1];

/** The frame sizes the share menu offers for a vertical video (9:16), smallest first. */
export const VERTICAL_EMBED_SIZES = [
  { width: 270, height: 480 },
  { width: 360, height: 640 },
  { width: 405, height: 720 },
] as const;

/** The sizes to offer for a video of `aspectRatio` (width / height; null when unknown), and the
 * one chosen at first. */
export function embedSizesFor(aspectRatio: number | null | undefined): {
  sizes: readonly { width: number; height: number }[];
  initial: { width: number; height: number };
} {
  return aspectRatio && aspectRatio < 1
    ? { sizes: VERTICAL_EMBED_SIZES, initial: VERTICAL_EMBED_SIZES[1] }
    : { sizes: EMBED_SIZES, initial: DEFAULT_EMBED_SIZE };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed page of a video, starting at `startSeconds` when given. */
export function embedPageUrl(publicUrl: string, videoId: string, startSeconds?: number): string {
  const url = `${publicUrl}/video/embed/${videoId}`;
  return startSeconds && startSeconds > 0 ? `${url}?t=${Math.floor(startSeconds)}` : url;
}

/** The iframe code of a video's embed page: the share menu shows it, oEmbed answers it. */
export function embedCode(options: {
  embedUrl: string;
  title: string;
  width: number;
  height: number;
}): string {
  return `<iframe src="${escapeAttribute(options.embedUrl)}" width="${options.width}" height="${options.height}" title="${escapeAttribute(options.title)}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}

/**
 * The start time a `t` parameter names, in whole seconds: `83`, `83s`, `1m23s` or `1h2m3s`
 * (the forms other video sites write). Null for anything else.
 */
export function parseStartTime(value: string | null | undefined): number | null {
  if (!value || value.length > 16) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value.trim());
  if (!match || !(match[1] || match[2] || match[3])) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
}

/** The start time of a page address's `t` parameter, or null. */
export function startTimeOfUrl(address: string): number | null {
  try {
    return parseStartTime(new URL(address).searchParams.get('t'));
  } catch {
    return null;
  }
}
