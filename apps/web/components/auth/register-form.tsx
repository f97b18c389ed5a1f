'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useState, type FormEvent } from 'react';
import { postJson } from '@/lib/auth-client';
import { useFormErrors } from '@/lib/use-form-errors';
import { Field, FormMessage, SubmitButton } from './form-parts';

const REGISTER_FIELDS = {
  username: { id: 'username', label: 'Username' },
  email: { id: 'email', label: 'E-mail' },
  password: { id: 'password', label: 'Password' },
};

/**
 * Registration: the username is checked first (/api/checkusername), then the account is made
 * (/api/createuser). What was typed stays on any error. Without JavaScript the browser posts
 * the form to /api/forms/register, which comes back here with the outcome.
 */
export function RegisterForm({
  initialError,
  initialDone,
}: {
  initialError?: string;
  initialDone?: string;
}) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFormErrors(REGISTER_FIELDS, initialError);
  const [done, setDone] = useState<string | null>(initialDone ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    errors.show(null);
    const check = await postJson('/api/checkusername', { username });
    if (!check.ok) {
      errors.show(check.message ?? 'Please choose another username');
      setBusy(false);
      return;
    }
    const created = await postJson('/api/createuser', { username, email, password });
    setBusy(false);
    if (!created.ok) {
      errors.show(created.message ?? 'Registration failed. Please try again');
      return;
    }
    setDone(created.message ?? null);
  }

  if (done) {
    return (
      <div>
        <FormMessage kind="success" testId="register-success">
          {done}
        </FormMessage>
        <p className="text-sm text-neutral-300">
          Once your address is verified,{' '}
          <IntentLink href="/login" className="text-accent underline">
            sign in
          </IntentLink>
          .
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      method="post"
      action="/api/forms/register"
      onSubmit={submit}
      aria-label="Register"
    >
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      <Field
        id="username"
        error={errors.fieldErrors.username}
        label="Username"
        autoComplete="username"
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        hint="3 to 24 letters, digits, _ . or -"
      />
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
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint="At least 6 characters"
      />
      <SubmitButton busy={busy}>{busy ? 'Registering…' : 'Register'}</SubmitButton>
      <p className="mt-4 text-center text-sm text-neutral-400">
        Already registered?{' '}
        <IntentLink href="/login" className="text-accent underline">
          Sign in
        </IntentLink>
      </p>
    </form>
  );
}
