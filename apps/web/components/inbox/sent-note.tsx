'use client';

import { useEffect } from 'react';
import { PEOPLE_MESSAGES } from '@cutroom/core/features/people/social/people-messages';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { TimedNote } from '../social/timed-note';

const SENT_PARAM = 'sent';

/** "Your message has been sent" after the compose form brought us here; the flag leaves the URL. */
export function SentNote() {
  const [note, show] = useTimedMessage();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SENT_PARAM)) return;
    show({ text: PEOPLE_MESSAGES.messageSent, tone: 'info' }, ERROR_MESSAGE_MS);
    url.searchParams.delete(SENT_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }, [show]);
  return <TimedNote message={note} testId="inbox-note" />;
}
