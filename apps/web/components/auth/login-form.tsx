'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { OWN_MESSAGES } from '@cutroom/core/accounts/messages';
import { postJson } from '@/lib/auth-client';
import { Field, FormMessage, SubmitButton } from './form-parts';

/** Only a path of this site: never send someone elsewhere after sign-in. */
function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginForm({ next }: { next?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    const result = await postJson('/api/auth/sign-in/email', { email, password });
    if (result.ok) {
      // A full load, so every server-rendered part of the page sees the new session.
      window.location.assign(safeNext(next));
      return;
    }
    setBusy(false);
    setUnverified(result.code === 'EMAIL_NOT_VERIFIED');
    setError(result.message ?? 'Sign-in failed. Please try again');
  }

  async function resend() {
    setBusy(true);
    const result = await postJson('/api/auth/send-verification-email', {
      email,
      callbackURL: '/verify',
    });
    setBusy(false);
    if (result.ok) {
      setError(null);
      setUnverified(false);
      setNotice(OWN_MESSAGES.verificationSent);
    } else {
      setError(result.message ?? 'The mail could not be sent. Please try again');
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Sign in">
      {error && <FormMessage kind="error">{error}</FormMessage>}
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
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton busy={busy}>{busy ? 'Signing in…' : 'Sign in'}</SubmitButton>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link href="/reset-password" className="text-accent underline">
          Forgot your password?
        </Link>
        <Link href="/register" className="text-accent underline">
          Register
        </Link>
      </div>
    </form>
  );
}
