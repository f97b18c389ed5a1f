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
}: {
  text: string;
  durationSeconds: number | null;
}) {
  return (
    <p className="whitespace-pre-line text-sm text-neutral-200 [overflow-wrap:anywhere]">
      <LinkedText text={text} durationSeconds={durationSeconds} />
    </p>
  );
}
