'use client';

import { LinkedText } from '@/components/content/linked-text';

/**
 * A comment's plain text as React nodes: links become anchors (http and https only, marked
 * nofollow ugc), times like 1:23 become buttons that seek the page's player. No HTML is ever
 * set from the text.
 */
export function CommentBody({
  text,
  durationSeconds,
  hasTimes = true,
}: {
  text: string;
  durationSeconds: number | null;
  /** False in a live's chat: its times are hours of the day, not moments to seek to. */
  hasTimes?: boolean;
}) {
  return (
    <p className="whitespace-pre-line text-sm text-neutral-200 [overflow-wrap:anywhere]">
      <LinkedText text={text} durationSeconds={durationSeconds} hasTimes={hasTimes} />
    </p>
  );
}
