'use client';

import { useState, type FormEvent } from 'react';
import { encode } from 'uqr';
import { callApi } from '@/lib/client/api';
import { CopyButton } from '@/components/profile/copy-button';
import { useFormErrors } from '@/lib/client/use-form-errors';
import { Field, FormMessage, SubmitButton } from './form-parts';

const PASSWORD_FIELDS = { password: { id: 'tf-password', label: 'Your password' } };
const CODE_FIELDS = { code: { id: 'tf-code', label: 'Code from your app' } };

/** The recovery codes as they are copied and downloaded: one a line, under what they are for. */
const recoveryText = (codes: string[]) =>
  `Recovery codes for two-factor sign-in (${window.location.host}). Each works once.\n\n${codes.join('\n')}\n`;

/** The otpauth:// address as a QR code an authenticator app scans (drawn as SVG squares). */
function QrCode({ text }: { text: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const squares: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return (
    <svg
      role="img"
      aria-label="QR code of the authenticator set-up address"
      data-testid="totp-qr"
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      className="rounded bg-white"
      shapeRendering="crispEdges"
    >
      <path d={squares.join('')} fill="#000" />
    </svg>
  );
}

/**
 * Two-factor sign-in: turned on with the password, an authenticator app scanning the QR code
 * (or typing the address) and its first code; recovery codes are shown once, to be saved.
 * Turned off with the password.
 */
export function TwoFactorSettings({ enabled: initiallyEnabled }: { enabled: boolean }) {
  const [enabled, setEnabled] = useState(initiallyEnabled);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordErrors = useFormErrors(PASSWORD_FIELDS);
  const codeErrors = useFormErrors(CODE_FIELDS);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    passwordErrors.show(null);
    setNotice(null);
    const result = await callApi(
      enabled ? '/api/auth/two-factor/disable' : '/api/auth/two-factor/enable',
      { password },
    );
    setBusy(false);
    setPassword('');
    if (!result.ok) {
      passwordErrors.show(result.message ?? 'That did not work. Please try again');
      return;
    }
    if (enabled) {
      setEnabled(false);
      setNotice('Two-factor sign-in is off. Your password alone signs you in.');
      return;
    }
    // better-auth's answer: its routes are not in the endpoint registry, so it comes untyped.
    setSetup({
      totpURI: String(result.body.totpURI),
      backupCodes: (result.body.backupCodes as string[]) ?? [],
    });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    codeErrors.show(null);
    const result = await callApi('/api/auth/two-factor/verify-totp', { code: code.trim() });
    setBusy(false);
    if (!result.ok) {
      codeErrors.show(result.message ?? 'This code is not correct. Please try again');
      return;
    }
    setEnabled(true);
    setCode('');
    setNotice(
      'Two-factor sign-in is on: signing in with your password now also asks for a code from your app.',
    );
  }

  const secret = setup ? (new URL(setup.totpURI).searchParams.get('secret') ?? '') : '';

  return (
    <section aria-labelledby="two-factor-title" className="space-y-4">
      <h2 id="two-factor-title" className="text-lg font-semibold text-white">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-neutral-300" data-testid="two-factor-state">
        {enabled
          ? 'On: signing in with your password also asks for a code from your authenticator app.'
          : 'Off: your password alone signs you in.'}
      </p>
      {notice && <FormMessage kind="success">{notice}</FormMessage>}

      {setup && !enabled ? (
        <div className="space-y-4">
          <p className="text-sm text-neutral-300">
            1. Scan this code with an authenticator app (any app for one-time codes), or add the
            address below to it by hand.
          </p>
          <QrCode text={setup.totpURI} />
          <p className="text-xs break-all text-neutral-400">
            Key: <code data-testid="totp-secret">{secret}</code>
            <br />
            Address: <code data-testid="totp-uri">{setup.totpURI}</code>
          </p>
          <p className="text-sm text-neutral-300">
            2. Save these recovery codes somewhere safe. Each signs you in once if you lose the app;
            they are not shown again.
          </p>
          <ul
            data-testid="recovery-codes"
            className="grid grid-cols-2 gap-1 rounded-lg border border-white/15 p-3 font-mono text-sm text-white"
          >
            {setup.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton value={recoveryText(setup.backupCodes)} label="the recovery codes" />
            <a
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(recoveryText(setup.backupCodes))}`}
              download="recovery-codes.txt"
              className="rounded border border-white/20 px-2 py-0.5 text-xs hover:bg-white/10"
              data-testid="recovery-codes-download"
            >
              Download as a text file
            </a>
          </div>
          <form noValidate onSubmit={confirm} aria-label="Confirm two-factor sign-in">
            <p className="mb-2 text-sm text-neutral-300">3. Enter the code the app shows.</p>
            {codeErrors.formError && <FormMessage kind="error">{codeErrors.formError}</FormMessage>}
            <Field
              id="tf-code"
              label="Code from your app"
              error={codeErrors.fieldErrors.code}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <SubmitButton busy={busy}>Turn on two-factor sign-in</SubmitButton>
          </form>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={start}
          aria-label={enabled ? 'Turn off two-factor sign-in' : 'Set up two-factor sign-in'}
        >
          {passwordErrors.formError && (
            <FormMessage kind="error">{passwordErrors.formError}</FormMessage>
          )}
          <Field
            id="tf-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            error={passwordErrors.fieldErrors.password}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <SubmitButton busy={busy}>
            {enabled ? 'Turn off two-factor sign-in' : 'Set up two-factor sign-in'}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
