'use client';

import { IntentLink } from '@/components/ui/intent-link';
import { useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_PASSWORD_POLICY,
  passwordProblem,
  type PasswordPolicy,
} from '@cutroom/core/features/accounts/auth/password-policy';
import { callApi } from '@/lib/client/api';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { BotCheck, hostedAnswer, type BotCheckState } from './bot-check';
import { Field, FormMessage, SubmitButton } from './form-parts';
import { NewPasswordField } from './new-password-field';

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
  policy = DEFAULT_PASSWORD_POLICY,
  botCheckNeedsScript = true,
}: {
  initialError?: string;
  initialDone?: string;
  /** The site's bot check is on, so registering needs JavaScript. */
  botCheckNeedsScript?: boolean;
  /** The password policy the server enforces, shown and checked as the password is typed. */
  policy?: PasswordPolicy;
}) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFormErrors(REGISTER_FIELDS, initialError);
  const [done, setDone] = useState<string | null>(initialDone ?? null);
  const [busy, setBusy] = useState(false);
  const [botAnswer, setBotAnswer] = useState<string | null>(null);
  // Register pressed while the check still runs waits for it, and says so (docs/sign-in.md).
  const answer = useRef<string | null>(null);
  const checkState = useRef<BotCheckState>('loading');
  const waiting = useRef<(() => void)[]>([]);
  const [waitsForCheck, setWaitsForCheck] = useState(false);
  const takeAnswer = (value: string | null) => {
    answer.current = value;
    setBotAnswer(value);
  };
  const takeState = (state: BotCheckState) => {
    checkState.current = state;
    if (state === 'done' || state === 'failed')
      for (const wake of waiting.current.splice(0)) wake();
  };
  const checkFinished = async () => {
    if (checkState.current !== 'loading' && checkState.current !== 'working') return;
    setWaitsForCheck(true);
    await new Promise<void>((resolve) => waiting.current.push(resolve));
    setWaitsForCheck(false);
  };
  // A new check after a refusal: a solved challenge is accepted once.
  const [checkRound, setCheckRound] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    errors.show(null);
    const problem = passwordProblem(policy, password);
    if (problem) {
      errors.show(`password: ${problem}`);
      return;
    }
    setBusy(true);
    const check = await callApi('/api/checkusername', { username });
    if (!check.ok) {
      errors.show(check.message ?? 'Please choose another username');
      setBusy(false);
      return;
    }
    await checkFinished();
    if (checkState.current === 'failed') {
      errors.show('The check that you are not a robot did not work. Please reload the page.');
      setBusy(false);
      return;
    }
    const botCheck = answer.current ?? botAnswer ?? hostedAnswer(form) ?? undefined;
    const created = await callApi('/api/createuser', { username, email, password, botCheck });
    setBusy(false);
    if (!created.ok) {
      errors.show(created.message ?? 'Registration failed. Please try again');
      takeAnswer(null);
      setCheckRound((round) => round + 1);
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
      <NewPasswordField
        id="password"
        label="Password"
        policy={policy}
        value={password}
        error={errors.fieldErrors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <BotCheck
        key={checkRound}
        onAnswer={takeAnswer}
        onStateChange={takeState}
        needsScript={botCheckNeedsScript}
      />
      <SubmitButton busy={busy}>
        {waitsForCheck
          ? 'Finishing the check that you are not a robot…'
          : busy
            ? 'Registering…'
            : 'Register'}
      </SubmitButton>
      <p className="mt-4 text-center text-sm text-neutral-400">
        Already registered?{' '}
        <IntentLink href="/login" className="text-accent underline">
          Sign in
        </IntentLink>
      </p>
    </form>
  );
}
