'use client';

import { parseCommentText } from '@/components/comments/comment-text';
import { seekCurrentPlayer } from '@/components/video/current-player';

/**
 * Plain text a member wrote (a comment, a video's description) as React nodes: links become
 * anchors (http and https only, nofollow ugc), times like 1:23 become buttons that seek the
 * page's player. No HTML is ever set from the text. The caller wraps it (whitespace-pre-line
 * keeps its line breaks).
 */
export function LinkedText({
  text,
  durationSeconds,
  hasTimes = true,
}: {
  text: string;
  /** Times past the video's end stay text. */
  durationSeconds: number | null;
  /** False: times stay text (a live's chat). */
  hasTimes?: boolean;
}) {
  return parseCommentText(text, durationSeconds, { hasTimes }).map((segment, index) => {
    if (segment.kind === 'link') {
      return (
        <a
          key={index}
          href={segment.href}
          rel="nofollow ugc noopener"
          target="_blank"
          className="text-accent underline hover:no-underline"
        >
          {segment.text}
        </a>
      );
    }
    if (segment.kind === 'time') {
      return (
        <button
          key={index}
          type="button"
          data-seconds={segment.seconds}
          onClick={() => seekCurrentPlayer(segment.seconds)}
          aria-label={`Play from ${segment.text}`}
          className="rounded text-accent underline hover:no-underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        >
          {segment.text}
        </button>
      );
    }
    return <span key={index}>{segment.text}</span>;
  });
}
