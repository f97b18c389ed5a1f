'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { FieldError, FormMessage } from '@/components/auth/form-parts';
import { callApi } from '@/lib/client/api';
import { useFormErrors } from '@/lib/client/use-form-errors';

const FIELDS = { videoId: { id: 'event-video', label: 'Video' } };

/** An uploader enters one of their published videos; the page then lists it. */
export function EnterForm({
  slug,
  choices,
}: {
  slug: string;
  choices: { id: string; title: string }[];
}) {
  const router = useRouter();
  const [videoId, setVideoId] = useState(choices[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const { formError, fieldErrors, show } = useFormErrors(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    show(null);
    const result = await callApi('/api/v2/events', { mode: 'Enter', slug, videoId });
    setBusy(false);
    if (!result.ok) {
      show(result.body.error ?? `Your entry was not taken (status ${result.status})`);
      return;
    }
    router.refresh();
  };

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="enter-form">
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div>
        <label htmlFor="event-video" className="mb-1 block text-sm font-medium text-neutral-200">
          Video
        </label>
        <select
          id="event-video"
          value={videoId}
          onChange={(event) => setVideoId(event.target.value)}
          aria-invalid={fieldErrors.videoId ? true : undefined}
          aria-describedby={fieldErrors.videoId ? 'event-video-error' : undefined}
          className="w-full rounded-lg border border-white/15 bg-surface px-3 py-2.5 text-base text-white focus:border-accent focus:outline-none"
        >
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </select>
        {fieldErrors.videoId && (
          <FieldError id="event-video-error">{fieldErrors.videoId}</FieldError>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
        data-testid="enter-submit"
      >
        Enter this video
      </button>
    </form>
  );
}
