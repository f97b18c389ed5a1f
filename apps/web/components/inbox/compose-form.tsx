'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import {
  failedWithStatus,
  PEOPLE_MESSAGES,
} from '@cutroom/core/features/people/social/people-messages';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

export interface ComposeDraft {
  recipient: string;
  subject: string;
  message: string;
  ticket?: string;
}

const inputClass =
  'mt-1 w-full rounded-lg border border-white/15 bg-surface px-3 py-2.5 text-base text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none';

/**
 * Writes a private message through /api/messages/send. Errors are the site's (docs/messages.md,
 * "Private messages") and clear after 4 s; what was typed stays. On success it goes to the sent
 * box, which says so.
 */
export function ComposeForm({
  initial,
  signedIn,
  limits,
}: {
  initial: ComposeDraft;
  signedIn: boolean;
  limits: { subject: number; message: number };
}) {
  const router = useRouter();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [note, show] = useTimedMessage();
  const fail = (text: string) => show({ text, tone: 'error' }, ERROR_MESSAGE_MS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.recipient.trim() || !draft.subject.trim() || !draft.message.trim()) {
      fail(PEOPLE_MESSAGES.missingFields);
      return;
    }
    if (!signedIn) {
      fail(PEOPLE_MESSAGES.notAuthenticated);
      return;
    }
    setBusy(true);
    const result = await callApi('/api/messages/send', {
      recipient: draft.recipient,
      subject: draft.subject,
      message: draft.message,
      ...(draft.ticket ? { ticket: draft.ticket } : {}),
    });
    setBusy(false);
    if (result.status === 0) return fail(PEOPLE_MESSAGES.networkErrorSending);
    if (!result.ok) return fail(result.body.error || failedWithStatus(result.status));
    router.push('/inbox?tab=sent&sent=1');
  };

  const focusMessage = Boolean(initial.recipient && initial.subject);
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="space-y-4"
      data-testid="compose-form"
    >
      <label className="block text-sm font-medium text-neutral-200">
        To (username)
        <input
          name="recipient"
          value={draft.recipient}
          onChange={(event) => setDraft({ ...draft, recipient: event.target.value })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          autoFocus={!initial.recipient}
          className={inputClass}
          data-testid="compose-recipient"
        />
      </label>
      <label className="block text-sm font-medium text-neutral-200">
        Subject
        <input
          name="subject"
          value={draft.subject}
          onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
          maxLength={limits.subject}
          autoFocus={Boolean(initial.recipient) && !focusMessage}
          className={inputClass}
          data-testid="compose-subject"
        />
      </label>
      <label className="block text-sm font-medium text-neutral-200">
        Message
        <textarea
          name="message"
          value={draft.message}
          onChange={(event) => setDraft({ ...draft, message: event.target.value })}
          maxLength={limits.message}
          rows={8}
          autoFocus={focusMessage}
          aria-describedby="compose-message-count"
          className={`${inputClass} min-h-40 resize-y`}
          data-testid="compose-message"
        />
        <span id="compose-message-count" className="mt-1 block text-right text-xs text-neutral-400">
          {draft.message.length} / {limits.message}
        </span>
      </label>
      {draft.ticket && (
        <p className="text-sm text-neutral-400">About support ticket {draft.ticket}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="rounded-full bg-accent px-5 py-2.5 font-semibold text-black hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
          data-testid="compose-send"
        >
          {busy ? 'Sending…' : 'Send'}
        </button>
        <TimedNote message={note} testId="compose-message-note" />
      </div>
    </form>
  );
}
