'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useState, type FormEvent } from 'react';
import { OWN_MESSAGES } from '@cutroom/core/accounts/messages';
import { postJson, requestVerificationMail } from '@/lib/auth-client';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useFormErrors } from '@/lib/use-form-errors';
import { Field, FormMessage, SubmitButton } from './form-parts';

const SIGN_IN_FIELDS = {
  email: { id: 'email', label: 'E-mail' },
  password: { id: 'password', label: 'Password' },
};

/**
 * Sign-in. With JavaScript it posts JSON and stays on the page to show a refusal; without
 * (or before the page's scripts have loaded) the browser posts the form itself, never as a
 * GET that would put the password in the address.
 */
export function LoginForm({ next, initialError }: { next?: string; initialError?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFormErrors(SIGN_IN_FIELDS, initialError);
  const [unverified, setUnverified] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    errors.show(null);
    setNotice(null);
    const result = await postJson('/api/auth/sign-in/email', { email, password });
    if (result.ok) {
      // A full load, so every server-rendered part of the page sees the new session.
      window.location.assign(safeRedirectPath(next));
      return;
    }
    setBusy(false);
    setUnverified(result.code === 'EMAIL_NOT_VERIFIED');
    errors.show(result.message ?? 'Sign-in failed. Please try again');
  }

  async function resend() {
    setBusy(true);
    const result = await requestVerificationMail(email);
    setBusy(false);
    if (result.ok) {
      errors.show(null);
      setUnverified(false);
      setNotice(OWN_MESSAGES.verificationSent);
    } else {
      errors.show(result.message ?? 'The mail could not be sent. Please try again');
    }
  }

  return (
    <form
      noValidate
      method="post"
      action="/api/forms/sign-in"
      onSubmit={submit}
      aria-label="Sign in"
    >
      <input type="hidden" name="next" value={safeRedirectPath(next)} />
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      {unverified && (
        <button
          type="button"
          onClick={resend}
          disabled={busy}
          className="mb-4 w-full rounded-full border border-accent px-4 py-2 text-sm font-semibold text-accent hover:bg-accent/10"
        >
          Send a new verification email
        </button>
      )}
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      <Field
        id="email"
        error={errors.fieldErrors.email}
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id="password"
        error={errors.fieldErrors.password}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton busy={busy}>{busy ? 'Signing in…' : 'Sign in'}</SubmitButton>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <IntentLink href="/reset-password" className="text-accent underline">
          Forgot your password?
        </IntentLink>
        <IntentLink href="/register" className="text-accent underline">
          Register
        </IntentLink>
      </div>
    </form>
  );
}
