'use client';

import { useState, type FormEvent } from 'react';
import { Field, FieldError, FormMessage } from '@/components/auth/form-parts';
import { callApi } from '@/lib/client/api';
import { signOut } from '@/lib/client/auth-client';
import { useFormErrors } from '@/lib/client/use-form-errors';

const FIELDS = {
  password: { id: 'delete-password', label: 'Password' },
  confirmation: { id: 'delete-confirmation', label: 'Your username' },
  videos: { id: 'delete-videos', label: 'Your videos' },
};

/**
 * Deleting the account: what happens to the videos, the password and the username typed out.
 * On success the browser is signed out and sent home.
 */
export function DeleteAccountForm({
  username,
  videoCount,
}: {
  username: string;
  videoCount: number;
}) {
  const { formError, fieldErrors, show } = useFormErrors(FIELDS);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await callApi('/api/v2/account', {
      mode: 'DeleteAccount',
      password: String(form.get(FIELDS.password.id) ?? ''),
      confirmation: String(form.get(FIELDS.confirmation.id) ?? ''),
      // The radio buttons below hold 'delete' or 'keep' (one is checked from the start).
      videos: (form.get('videos') ?? undefined) as 'delete' | 'keep',
    });
    if (!result.ok) {
      setBusy(false);
      show(result.body.error ?? 'Could not delete the account');
      return;
    }
    setDone(true);
    await signOut();
  };

  if (done) return <FormMessage kind="success">Your account is deleted. Goodbye.</FormMessage>;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="delete-account-form">
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <fieldset
        className="mb-4"
        aria-describedby={fieldErrors.videos ? `${FIELDS.videos.id}-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-neutral-200">
          Your videos ({videoCount} published)
        </legend>
        <label className="mb-2 flex items-start gap-2 text-sm">
          <input type="radio" name="videos" value="delete" className="mt-1" defaultChecked />
          <span>Delete them with their files.</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="videos" value="keep" className="mt-1" />
          <span>
            Leave the published ones on the site, shown as from a deleted account (nobody owns them
            any more). The others are deleted.
          </span>
        </label>
        {fieldErrors.videos && (
          <FieldError id={`${FIELDS.videos.id}-error`}>{fieldErrors.videos}</FieldError>
        )}
      </fieldset>
      <Field
        id={FIELDS.password.id}
        label={FIELDS.password.label}
        type="password"
        autoComplete="current-password"
        error={fieldErrors.password}
        required
      />
      <Field
        id={FIELDS.confirmation.id}
        label={FIELDS.confirmation.label}
        hint={`Type ${username} to confirm.`}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldErrors.confirmation}
        required
      />
      <button
        type="submit"
        disabled={busy}
        data-testid="delete-account-submit"
        className="w-full rounded-lg border border-red-500/60 px-4 py-2.5 font-semibold text-red-300 hover:bg-red-500/10 disabled:opacity-50"
      >
        {busy ? 'Deleting…' : 'Delete my account for good'}
      </button>
    </form>
  );
}
