'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useState, type FormEvent } from 'react';
import { OWN_MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordProblem,
  type PasswordPolicy,
} from '@cutroom/core/features/accounts/auth/password-policy';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { callApi } from '@/lib/client/api';
import { Field, FormMessage, SubmitButton } from './form-parts';
import { NewPasswordField } from './new-password-field';

/** Asks for a reset link by e-mail; the answer is the same whether the address exists or not. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await callApi('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(result.message ?? 'Please enter a valid e-mail address');
  }

  return (
    <form noValidate method="post" onSubmit={submit} aria-label="Reset password">
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {sent && <FormMessage kind="success">{OWN_MESSAGES.resetSent}</FormMessage>}
      <Field
        id="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton busy={busy}>Send me a link</SubmitButton>
    </form>
  );
}

const NEW_PASSWORD_FIELDS = { password: { id: 'new-password', label: 'New password' } };

/** The new password, for the token the mailed link carried, checked against the policy first. */
export function NewPasswordForm({
  token,
  policy = DEFAULT_PASSWORD_POLICY,
}: {
  token: string;
  policy?: PasswordPolicy;
}) {
  const [password, setPassword] = useState('');
  const errors = useFormErrors(NEW_PASSWORD_FIELDS);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.show(null);
    const problem = passwordProblem(policy, password);
    if (problem) {
      errors.show(`password: ${problem}`);
      return;
    }
    setBusy(true);
    const result = await callApi('/api/auth/reset-password', { token, newPassword: password });
    setBusy(false);
    if (result.ok) setDone(true);
    else errors.show(result.message ?? OWN_MESSAGES.resetInvalid);
  }

  if (done) {
    return (
      <FormMessage kind="success">
        Your password has been changed.{' '}
        <IntentLink href="/login" className="underline">
          Sign in
        </IntentLink>{' '}
        with the new one.
      </FormMessage>
    );
  }
  return (
    <form noValidate method="post" onSubmit={submit} aria-label="Choose a new password">
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      <NewPasswordField
        id="new-password"
        label="New password"
        policy={policy}
        value={password}
        error={errors.fieldErrors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton busy={busy}>Change password</SubmitButton>
    </form>
  );
}
