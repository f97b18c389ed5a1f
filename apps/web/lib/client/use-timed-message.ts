'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** Upload messages clear after 5 s, other errors after 4 s (docs/limits.md). */
export const UPLOAD_MESSAGE_MS = 5_000;
export const ERROR_MESSAGE_MS = 4_000;

export interface TimedMessage {
  text: string;
  tone: 'info' | 'error';
}

/** A message that clears itself after its time. */
export function useTimedMessage(): [
  TimedMessage | null,
  (message: TimedMessage, ms: number) => void,
] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: TimedMessage, ms: number) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(null), ms);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
