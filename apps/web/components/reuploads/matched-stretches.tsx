import type { ReuploadMatch } from '@cutroom/core/platform/db/schema';
import { formatDuration } from '@/lib/format';

/** The stretches of a held upload found in another video: where in each (docs/reuploads.md). */
export function MatchedStretches({
  matches,
  titles,
}: {
  matches: ReuploadMatch[];
  /** The matched videos' titles by id, where the reader may open them. */
  titles: Map<string, string>;
}) {
  const name = (videoId: string) => {
    const title = titles.get(videoId);
    if (title !== undefined) return `“${title}”`;
    // An id withheld from the reader: a video they may not open (docs/reuploads.md).
    return videoId === '' ? 'a private video' : 'a video since removed';
  };
  return (
    <ul className="space-y-1 text-sm" data-testid="matched-stretches">
      {matches.map((match, index) => (
        <li key={`${match.videoId}-${match.queryStart}-${index}`}>
          {formatDuration(match.queryStart)}–{formatDuration(match.queryEnd)} of this upload is{' '}
          {formatDuration(match.matchStart)}–{formatDuration(match.matchEnd)} of{' '}
          {name(match.videoId)}
          {match.mirrored ? ', mirrored' : ''}
        </li>
      ))}
    </ul>
  );
}
