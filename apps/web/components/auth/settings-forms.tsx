'use client';

import { useState, type FormEvent } from 'react';
import { OWN_MESSAGES } from '@cutroom/core/accounts/messages';
import { postJson } from '@/lib/auth-client';
import { Field, FormMessage, SubmitButton } from './form-parts';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(false);
    const result = await postJson('/api/auth/change-password', {
      currentPassword: current,
      newPassword: next,
      // Whoever else holds a session (a lost phone, say) is signed out.
      revokeOtherSessions: true,
    });
    setBusy(false);
    if (result.ok) {
      setDone(true);
      setCurrent('');
      setNext('');
    } else {
      setError(result.message ?? 'The password could not be changed. Please try again');
    }
  }

  return (
    <form noValidate method="post" onSubmit={submit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="mb-3 text-lg font-semibold text-white">
        Change password
      </h2>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {done && <FormMessage kind="success">{OWN_MESSAGES.passwordChanged}</FormMessage>}
      <Field
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <Field
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        hint="At least 6 characters"
      />
      <SubmitButton busy={busy}>Change password</SubmitButton>
    </form>
  );
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setDone(false);
    if (email.trim().toLowerCase() === currentEmail.toLowerCase()) {
      setError(OWN_MESSAGES.sameEmail);
      return;
    }
    setBusy(true);
    const result = await postJson('/api/auth/change-email', {
      newEmail: email.trim(),
      callbackURL: '/profile/settings?email=changed',
    });
    setBusy(false);
    if (result.ok) setDone(true);
    else setError(result.message ?? 'Invalid email');
  }

  return (
    <form noValidate method="post" onSubmit={submit} aria-labelledby="change-email-title">
      <h2 id="change-email-title" className="mb-1 text-lg font-semibold text-white">
        Change e-mail
      </h2>
      <p className="mb-3 text-sm text-neutral-400">
        Now: <span className="break-all text-neutral-200">{currentEmail}</span>
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {done && <FormMessage kind="success">{OWN_MESSAGES.emailChangeSent}</FormMessage>}
      <Field
        id="new-email"
        label="New e-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton busy={busy}>Send a confirmation link</SubmitButton>
    </form>
  );
}
