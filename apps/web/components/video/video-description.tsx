'use client';

import { chaptersFromDescription } from '@cutroom/core/features/videos/watch/chapters';
import { useEffect, useMemo } from 'react';
import { LinkedText } from '@/components/content/linked-text';
import { whenPlayer } from './current-player';

/**
 * A video's description: its links open (safely) in a new tab, its times seek the player, and
 * its timestamp lines, when they make chapters, show on the player's progress bar.
 */
export function VideoDescription({
  text,
  durationSeconds,
}: {
  text: string;
  durationSeconds: number | null;
}) {
  const chapters = useMemo(
    () => chaptersFromDescription(text, durationSeconds),
    [text, durationSeconds],
  );
  useEffect(() => {
    if (chapters.length === 0) return;
    const stop = whenPlayer((player) => player.setChapters(chapters));
    return () => {
      stop();
    };
  }, [chapters]);
  return (
    <div
      className="mt-4 whitespace-pre-line rounded-lg bg-surface-raised p-4 text-sm text-neutral-200"
      data-testid="video-description"
    >
      <LinkedText text={text} durationSeconds={durationSeconds} />
    </div>
  );
}
