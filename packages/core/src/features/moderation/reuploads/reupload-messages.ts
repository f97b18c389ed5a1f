// Texts about held re-uploads that the owner's pages show (docs/reuploads.md). No imports: the
// browser's processing list uses them too.

/** Why a held upload is not on the site, where its owner follows their uploads. */
export const HELD_UPLOAD_TEXT =
  'Held for review: it matches another member’s video. Staff will decide; open it to see the match or to dispute.';

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** Where a match lies in the matched video: "0:04–0:12 of your “Title”" (mirrored when so). */
export function matchedStretchText(
  match: { matchStart: number; matchEnd: number; mirrored: boolean },
  name: string,
): string {
  return (
    `${clock(match.matchStart)}–${clock(match.matchEnd)} of ${name}` +
    (match.mirrored ? ' (mirrored)' : '')
  );
}

/** How a matched video is named to someone: its title, or "a private video" they may not open. */
export const matchedVideoName = (title: string | null) =>
  title === null ? 'a private video' : `“${title}”`;

/**
 * Why a video's new file was refused: it matches another member's video (docs/reuploads.md).
 * The failed replacement's reason, shown to its owner in the video's panel after "The last new
 * file could not be used:".
 */
export function refusedReplacementText(
  /** Null when its owner may not open the matched video: "a private video". */
  title: string | null,
  match: {
    queryStart: number;
    queryEnd: number;
    matchStart: number;
    matchEnd: number;
    mirrored: boolean;
  },
): string {
  return (
    `It matches another member’s video: ${clock(match.queryStart)}–${clock(match.queryEnd)} of ` +
    `it is ${matchedStretchText(match, matchedVideoName(title))}. The video keeps its current file. If this file is ` +
    'yours, upload it as a new video: staff will look at the match.'
  );
}
