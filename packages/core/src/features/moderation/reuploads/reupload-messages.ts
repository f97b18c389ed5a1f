// Texts about held re-uploads that the owner's pages show (docs/reuploads.md). No imports: the
// browser's processing list uses them too.

/** Why a held upload is not on the site, where its owner follows their uploads. */
export const HELD_UPLOAD_TEXT =
  'Held for review: it matches another member’s video. Staff will decide; open it to see the match or to dispute.';

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * Why a video's new file was refused: it matches another member's video (docs/reuploads.md).
 * The failed replacement's reason, shown to its owner in the video's panel after "The last new
 * file could not be used:".
 */
export function refusedReplacementText(
  title: string,
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
    `it is ${clock(match.matchStart)}–${clock(match.matchEnd)} of “${title}”` +
    `${match.mirrored ? ' (mirrored)' : ''}. The video keeps its current file. If this file is ` +
    'yours, upload it as a new video: staff will look at the match.'
  );
}
