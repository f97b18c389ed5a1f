'use client';

import type { TimedMessage } from '@/lib/client/use-timed-message';

/** A message that announces itself to screen readers; errors in red, others in orange. */
export function TimedNote({ message, testId }: { message: TimedMessage | null; testId?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid={testId}
      className={`min-h-5 text-sm ${message?.tone === 'error' ? 'text-red-400' : 'text-accent'}`}
    >
      {message?.text ?? ''}
    </p>
  );
}
