'use client';

import { useState, type FormEvent } from 'react';
import { OWN_MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordProblem,
  type PasswordPolicy,
} from '@cutroom/core/features/accounts/auth/password-policy';
import { callApi } from '@/lib/client/api';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { Field, FormMessage, SubmitButton } from './form-parts';
import { NewPasswordField } from './new-password-field';

const PASSWORD_FIELDS = {
  currentPassword: { id: 'current-password', label: 'Current password' },
  password: { id: 'new-password', label: 'New password' },
};

/** The new password is checked against the server's policy (shown under it) before sending. */
export function ChangePasswordForm({
  policy = DEFAULT_PASSWORD_POLICY,
}: {
  policy?: PasswordPolicy;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const errors = useFormErrors(PASSWORD_FIELDS);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.show(null);
    setDone(false);
    const problem = passwordProblem(policy, next);
    if (problem) {
      errors.show(`password: ${problem}`);
      return;
    }
    setBusy(true);
    const result = await callApi('/api/auth/change-password', {
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
      errors.show(result.message ?? 'The password could not be changed. Please try again');
    }
  }

  return (
    <form noValidate method="post" onSubmit={submit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="mb-3 text-lg font-semibold text-white">
        Change password
      </h2>
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      {done && <FormMessage kind="success">{OWN_MESSAGES.passwordChanged}</FormMessage>}
      <Field
        id="current-password"
        error={errors.fieldErrors.currentPassword}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <NewPasswordField
        id="new-password"
        label="New password"
        policy={policy}
        value={next}
        error={errors.fieldErrors.password}
        onChange={(event) => setNext(event.target.value)}
      />
      <SubmitButton busy={busy}>Change password</SubmitButton>
    </form>
  );
}

const EMAIL_FIELDS = { email: { id: 'new-email', label: 'New e-mail' } };

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const errors = useFormErrors(EMAIL_FIELDS);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.show(null);
    setDone(false);
    if (email.trim().toLowerCase() === currentEmail.toLowerCase()) {
      errors.show(OWN_MESSAGES.sameEmail);
      return;
    }
    setBusy(true);
    const result = await callApi('/api/auth/change-email', {
      newEmail: email.trim(),
      callbackURL: '/profile/settings?email=changed',
    });
    setBusy(false);
    if (result.ok) setDone(true);
    else errors.show(result.message ?? 'Invalid email');
  }

  return (
    <form noValidate method="post" onSubmit={submit} aria-labelledby="change-email-title">
      <h2 id="change-email-title" className="mb-1 text-lg font-semibold text-white">
        Change e-mail
      </h2>
      <p className="mb-3 text-sm text-neutral-400">
        Now: <span className="break-all text-neutral-200">{currentEmail}</span>
      </p>
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      {done && <FormMessage kind="success">{OWN_MESSAGES.emailChangeSent}</FormMessage>}
      <Field
        id="new-email"
        error={errors.fieldErrors.email}
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
