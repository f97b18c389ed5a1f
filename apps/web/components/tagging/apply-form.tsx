'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import {
  MOTIVATION_MAX,
  MOTIVATION_MIN,
  SAMPLE_TAGS_MAX,
  SAMPLE_TAGS_MIN,
} from '@cutroom/core/features/community/tagging/tagging-limits';
import { FieldError, FormMessage } from '@/components/auth/form-parts';
import { callApi } from '@/lib/client/api';
import { useFormErrors } from '@/lib/client/use-form-errors';

const FIELDS = {
  motivation: { id: 'apply-motivation', label: 'Why you want to tag' },
  sampleTags: { id: 'apply-sample-tags', label: 'Sample labels' },
};

const inputClass =
  'mt-1 w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none';

/** The tagger application: a motivation and sample labels, sent to staff. */
export function ApplyForm() {
  const router = useRouter();
  const [motivation, setMotivation] = useState('');
  const [sampleTags, setSampleTags] = useState('');
  const [busy, setBusy] = useState(false);
  const { formError, fieldErrors, show } = useFormErrors(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (motivation.trim().length < MOTIVATION_MIN) {
      show(`motivation: Write at least ${MOTIVATION_MIN} characters on why you want to tag`);
      return;
    }
    if (sampleTags.trim().length < SAMPLE_TAGS_MIN) {
      show(`sampleTags: Write at least ${SAMPLE_TAGS_MIN} characters of sample labels`);
      return;
    }
    setBusy(true);
    const result = await callApi('/api/tagging', { mode: 'Apply', motivation, sampleTags });
    setBusy(false);
    if (!result.ok) {
      show(result.body.error ?? `Failed (status ${result.status})`);
      return;
    }
    show(null);
    router.refresh();
  };

  const area = (
    field: keyof typeof FIELDS,
    value: string,
    set: (value: string) => void,
    max: number,
    hint: string,
  ) => {
    const { id, label } = FIELDS[field];
    const error = fieldErrors[field];
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
          {label}
        </label>
        <textarea
          id={id}
          name={field}
          value={value}
          onChange={(event) => set(event.target.value)}
          maxLength={max}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
          className={`${inputClass} resize-y ${error ? 'border-red-400' : 'border-white/15'}`}
          data-testid={id}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint} ({value.length}/{max})
        </p>
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="apply-form">
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      {area(
        'motivation',
        motivation,
        setMotivation,
        MOTIVATION_MAX,
        'What you watch, what you know well (music, stars, creators), how much time you have.',
      )}
      {area(
        'sampleTags',
        sampleTags,
        setSampleTags,
        SAMPLE_TAGS_MAX,
        'Pick a video on the site, give its address and the tags, music, stars and creators you would give it.',
      )}
      <button
        type="submit"
        disabled={busy}
        data-testid="apply-submit"
        className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong disabled:opacity-50"
      >
        {busy ? 'Sending…' : 'Send application'}
      </button>
    </form>
  );
}
