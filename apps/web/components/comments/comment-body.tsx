'use client';

import { seekCurrentPlayer } from '@/components/video/current-player';
import { parseCommentText } from './comment-text';

/**
 * A comment's plain text as React nodes: links become anchors (http and https only, marked
 * nofollow ugc), times like 1:23 become buttons that seek the page's player. No HTML is ever
 * set from the text.
 */
export function CommentBody({
  text,
  durationSeconds,
}: {
  text: string;
  durationSeconds: number | null;
}) {
  const segments = parseCommentText(text, durationSeconds);
  return (
    <p className="whitespace-pre-line text-sm text-neutral-200 [overflow-wrap:anywhere]">
      {segments.map((segment, index) => {
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
      })}
    </p>
  );
}
