'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ERROR_MESSAGE_MS, useTimedMessage } from '@/lib/client/use-timed-message';
import { callApi } from '../../lib/client/api';
import { TimedNote } from '../social/timed-note';

const FIELDS = [
  { key: 'website', label: 'Website', placeholder: 'https://example.org' },
  { key: 'twitter', label: 'Twitter / X', placeholder: 'handle or https://x.com/handle' },
  { key: 'discord', label: 'Discord', placeholder: 'username or https://discord.gg/invite' },
  { key: 'patreon', label: 'Patreon', placeholder: 'creator name or https://www.patreon.com/name' },
  { key: 'bitcoin', label: 'Bitcoin address', placeholder: 'bc1…' },
  { key: 'ethereum', label: 'Ethereum address', placeholder: '0x…' },
] as const;

type FormValues = Record<(typeof FIELDS)[number]['key'] | 'description', string>;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Editing one's own profile: avatar, description and links. Keeps what was typed on errors. */
export function ProfileEditor({ initial, hasAvatar }: { initial: FormValues; hasAvatar: boolean }) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, show] = useTimedMessage();

  const fail = (text?: string) =>
    show({ text: text ?? 'Something went wrong', tone: 'error' }, ERROR_MESSAGE_MS);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await callApi('/api/v2/profileInput', { mode: 'UpdateProfile', ...values });
    setBusy(false);
    if (!result.ok) return fail(result.body.error);
    show({ text: result.body.Message ?? 'Saved', tone: 'info' }, ERROR_MESSAGE_MS);
    router.refresh();
  };

  const upload = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 5 * 1024 * 1024) return fail('An avatar may be at most 5 MB');
    setBusy(true);
    const result = await callApi('/api/v2/profileInput', {
      mode: 'UpdateAvatar',
      image: await readAsDataUrl(file),
    });
    setBusy(false);
    if (!result.ok) return fail(result.body.error);
    show({ text: 'Your avatar has been updated', tone: 'info' }, ERROR_MESSAGE_MS);
    router.refresh();
  };

  const removeAvatar = async () => {
    setBusy(true);
    const result = await callApi('/api/v2/profileInput', { mode: 'RemoveAvatar' });
    setBusy(false);
    if (!result.ok) return fail(result.body.error);
    router.refresh();
  };

  const inputClass =
    'mt-1 w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm focus:border-accent focus:outline-none';
  return (
    <details
      className="mt-4 rounded-lg border border-white/10 bg-surface-raised p-4"
      data-testid="profile-editor"
    >
      <summary className="cursor-pointer font-semibold">Edit your profile</summary>
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <label className="cursor-pointer rounded-full border border-white/20 px-4 py-2 hover:bg-white/10 focus-within:outline focus-within:outline-2 focus-within:outline-accent">
          Upload an avatar
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={upload}
            disabled={busy}
            className="sr-only"
            data-testid="avatar-input"
          />
        </label>
        {hasAvatar && (
          <button
            type="button"
            onClick={removeAvatar}
            disabled={busy}
            className="rounded-full border border-white/20 px-4 py-2 hover:bg-white/10"
          >
            Remove avatar
          </button>
        )}
        <span className="text-neutral-400">JPEG, PNG, WebP or GIF, at most 5 MB.</span>
      </div>
      <form method="post" onSubmit={save} className="mt-4 grid gap-3 md:grid-cols-2">
        <label className="block text-sm md:col-span-2">
          About you
          <textarea
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
            maxLength={2000}
            rows={4}
            className={inputClass}
            data-testid="profile-description"
          />
        </label>
        {FIELDS.map((field) => (
          <label key={field.key} className="block text-sm">
            {field.label}
            <input
              value={values[field.key]}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
              placeholder={field.placeholder}
              maxLength={200}
              className={inputClass}
              data-testid={`profile-${field.key}`}
            />
          </label>
        ))}
        <div className="md:col-span-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-60"
            data-testid="save-profile"
          >
            Save profile
          </button>
        </div>
      </form>
      <TimedNote message={message} testId="profile-message" />
    </details>
  );
}
