'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { MESSAGES, OWN_MESSAGES } from '@cutroom/core/features/accounts/auth/messages';
import { requestVerificationMail } from '@/lib/client/auth-client';
import { callApi } from '@/lib/client/api';
import { secondStepPath } from '@cutroom/core/features/accounts/auth/sign-in-steps';
import { safeRedirectPath } from '@cutroom/core/kernel/safe-redirect';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { Field, FormMessage, SubmitButton } from './form-parts';

/**
 * What the form's field holds now. A page opened at this form (the second step after a
 * provider's sign-in, a link to /login) shows its fields before its scripts run, and React
 * keeps what was typed there without telling the state: the browser's field is what the
 * person sees, so it is what is sent.
 */
function typedValue(form: HTMLFormElement | null | undefined, name: string): string {
  const value = form ? new FormData(form).get(name) : null;
  return typeof value === 'string' ? value : '';
}

const SIGN_IN_FIELDS = {
  email: { id: 'email', label: 'E-mail' },
  password: { id: 'password', label: 'Password' },
};

/**
 * Sign-in. With JavaScript it posts JSON and stays on the page to show a refusal; without
 * (or before the page's scripts have loaded) the browser posts the form itself, never as a
 * GET that would put the password in the address.
 */
export function LoginForm({
  next,
  initialError,
  magicLink = false,
  providers = [],
  step = 'password',
  recovery = false,
}: {
  next?: string;
  initialError?: string;
  /** 'code' when a sign-in waits for its second step (a provider's, or one posted without JavaScript). */
  step?: 'password' | 'code';
  /** Whether the second step starts with a recovery code rather than the app's. */
  recovery?: boolean;
  /** Whether sign-in by an e-mail link is offered. */
  magicLink?: boolean;
  /** The configured OAuth providers, a button each. */
  providers?: { id: string; name: string }[];
}) {
  const [email, setEmail] = useState('');
  const [secondFactor, setSecondFactor] = useState(step === 'code');
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
    const typedEmail = typedValue(event.currentTarget, 'email');
    const typedPassword = typedValue(event.currentTarget, 'password');
    setEmail(typedEmail);
    setPassword(typedPassword);
    // better-auth's answers: its routes are not in the endpoint registry, so they come untyped.
    const result = await callApi('/api/auth/sign-in/email', {
      email: typedEmail,
      password: typedPassword,
    });
    if (result.ok && result.body.twoFactorRedirect === true) {
      setBusy(false);
      setSecondFactor(true);
      return;
    }
    if (result.ok) {
      // A full load, so every server-rendered part of the page sees the new session.
      window.location.assign(safeRedirectPath(next));
      return;
    }
    setBusy(false);
    setUnverified(result.code === 'EMAIL_NOT_VERIFIED');
    errors.show(result.message ?? 'Sign-in failed. Please try again');
  }

  async function sendLink(event: MouseEvent<HTMLButtonElement>) {
    errors.show(null);
    setNotice(null);
    const email = typedValue(event.currentTarget.form, 'email');
    setEmail(email);
    if (!email.trim()) {
      errors.show(`email: ${MESSAGES.loginInvalidEmail}`);
      return;
    }
    setBusy(true);
    const result = await callApi('/api/auth/sign-in/magic-link', {
      email: email.trim(),
      callbackURL: safeRedirectPath(next),
      errorCallbackURL: '/login?via=link',
    });
    setBusy(false);
    if (result.ok) setNotice(OWN_MESSAGES.magicLinkSent);
    else errors.show(result.message ?? 'The mail could not be sent. Please try again');
  }

  async function signInWith(provider: string) {
    errors.show(null);
    setBusy(true);
    const result = await callApi('/api/auth/sign-in/social', {
      provider,
      callbackURL: safeRedirectPath(next),
      errorCallbackURL: '/login?via=oauth',
    });
    // better-auth's answer, untyped like the others above.
    if (result.ok && typeof result.body.url === 'string') {
      window.location.assign(result.body.url);
      return;
    }
    setBusy(false);
    errors.show(result.message ?? OWN_MESSAGES.oauthFailed);
  }

  if (secondFactor) {
    return (
      <SecondFactorForm
        next={next}
        initialError={step === 'code' ? initialError : undefined}
        initialRecovery={recovery}
      />
    );
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
      {magicLink && (
        <button
          type="button"
          onClick={sendLink}
          disabled={busy}
          className="mt-3 w-full rounded-full border border-white/20 px-4 py-2.5 text-sm font-semibold text-neutral-100 hover:bg-white/5"
        >
          E-mail me a sign-in link instead
        </button>
      )}
      {providers.length > 0 && (
        <div className="mt-4 border-t border-white/10 pt-4">
          <p className="mb-2 text-center text-sm text-neutral-400">Or sign in with</p>
          <div className="flex flex-col gap-2">
            {providers.map((provider) => (
              <button
                key={provider.id}
                type="button"
                onClick={() => signInWith(provider.id)}
                disabled={busy}
                className="w-full rounded-full border border-white/20 px-4 py-2.5 text-sm font-semibold text-neutral-100 hover:bg-white/5"
              >
                Sign in with {provider.name}
              </button>
            ))}
          </div>
        </div>
      )}
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

const CODE_FIELDS = { code: { id: 'code', label: 'Code' } };

/**
 * The second step of a sign-in with two-factor sign-in on: the code the authenticator app
 * shows, or one of the recovery codes (each works once). Without JavaScript the browser posts
 * it to /api/forms/two-factor, and the switch between the two is a link.
 */
function SecondFactorForm({
  next,
  initialError,
  initialRecovery,
}: {
  next?: string;
  initialError?: string;
  initialRecovery: boolean;
}) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(initialRecovery);
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors(CODE_FIELDS, initialError);
  const target = safeRedirectPath(next);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    errors.show(null);
    const typed = typedValue(event.currentTarget, 'code');
    setCode(typed);
    const result = await callApi(
      recovery ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp',
      { code: typed.trim() },
    );
    if (result.ok) {
      window.location.assign(target);
      return;
    }
    setBusy(false);
    errors.show(result.message ?? OWN_MESSAGES.wrongTwoFactorCode);
  }

  return (
    <form
      noValidate
      method="post"
      action="/api/forms/two-factor"
      onSubmit={submit}
      aria-label="Two-factor sign-in"
    >
      <input type="hidden" name="next" value={target} />
      <input type="hidden" name="kind" value={recovery ? 'recovery' : 'app'} />
      <p className="mb-4 text-sm text-neutral-300">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Enter the 6-digit code your authenticator app shows for this site.'}
      </p>
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      <Field
        key={recovery ? 'recovery' : 'app'}
        id="code"
        error={errors.fieldErrors.code}
        label={recovery ? 'Recovery code' : 'Code from your app'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <SubmitButton busy={busy}>{busy ? 'Checking…' : 'Continue'}</SubmitButton>
      <a
        href={secondStepPath(target, { kind: recovery ? undefined : 'recovery' })}
        onClick={(event) => {
          event.preventDefault();
          setRecovery(!recovery);
          setCode('');
          errors.show(null);
        }}
        className="mt-4 block w-full text-center text-sm text-accent underline"
      >
        {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
      </a>
      <p className="mt-3 text-center text-sm">
        <a
          href={target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`}
          className="text-neutral-400 underline"
        >
          Start the sign-in again
        </a>
      </p>
    </form>
  );
}
