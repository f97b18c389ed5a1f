'use client';

import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';

type Choice = 'everyone' | 'friends';

const CHOICES: { value: Choice; label: string; hint: string }[] = [
  { value: 'everyone', label: 'Everyone', hint: 'Any signed-in member may send you messages.' },
  {
    value: 'friends',
    label: 'Friends only',
    hint: 'Only your friends may send you messages; others are told so.',
  },
];

/** Who may send the member private messages, on the settings page. */
export function MessagePrivacyForm({ initial }: { initial: Choice }) {
  const [choice, setChoice] = useState<Choice>(initial);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await callApi('/api/v2/privacy', {
      mode: 'SetMessagePrivacy',
      messagesFrom: choice,
    });
    setBusy(false);
    setNote(
      result.ok
        ? { text: 'Saved.', error: false }
        : { text: result.body.error ?? 'That did not work. Please try again', error: true },
    );
  };

  return (
    <form onSubmit={(event) => void save(event)} data-testid="message-privacy-form">
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold text-white">Who may message you</legend>
        {CHOICES.map(({ value, label, hint }) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="messagesFrom"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              className="mt-1 accent-accent"
            />
            <span>
              <span className="font-medium text-white">{label}</span>
              <span className="block text-neutral-400">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-3 flex items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-black hover:bg-orange-400 disabled:opacity-60"
        >
          Save
        </button>
        <p role="status" className={`text-sm ${note?.error ? 'text-red-400' : 'text-accent'}`}>
          {note?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
