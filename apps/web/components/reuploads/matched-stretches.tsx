import type { ReuploadMatch } from '@cutroom/core/platform/db/schema';
import { formatDuration } from '@/lib/format';

/** The stretches of a held upload found in another video: where in each (docs/reuploads.md). */
export function MatchedStretches({
  matches,
  titles,
}: {
  matches: ReuploadMatch[];
  /** The matched videos' titles by id, where known. */
  titles: Map<string, string>;
}) {
  return (
    <ul className="space-y-1 text-sm" data-testid="matched-stretches">
      {matches.map((match) => (
        <li key={`${match.videoId}-${match.queryStart}`}>
          {formatDuration(match.queryStart)}–{formatDuration(match.queryEnd)} of this upload is{' '}
          {formatDuration(match.matchStart)}–{formatDuration(match.matchEnd)} of “
          {titles.get(match.videoId) ?? 'another video'}”{match.mirrored ? ', mirrored' : ''}
        </li>
      ))}
    </ul>
  );
}
