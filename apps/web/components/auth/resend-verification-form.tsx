'use client';

import { useState, type FormEvent } from 'react';
import { OWN_MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { requestVerificationMail } from '@/lib/client/auth-client';
import { Field, FormMessage, SubmitButton } from './form-parts';

/** A new verification link, for whoever opened a broken, used or expired one. */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await requestVerificationMail(email);
    setBusy(false);
    setOutcome(
      result.ok
        ? { ok: true, message: OWN_MESSAGES.verificationSent }
        : { ok: false, message: result.message ?? 'The mail could not be sent. Please try again' },
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} aria-label="Send a new verification link">
      {outcome && (
        <FormMessage kind={outcome.ok ? 'success' : 'error'}>{outcome.message}</FormMessage>
      )}
      <Field
        id="email"
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton busy={busy}>{busy ? 'Sending…' : 'Send a new link'}</SubmitButton>
    </form>
  );
}
