'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import type { Category } from '@cutroom/core/platform/db/schema';
import { FieldError, FormMessage } from '@/components/auth/form-parts';
import { callApi } from '@/lib/client/api';
import { CATEGORY_NAMES } from '@/lib/category-names';
import { useFormErrors } from '@/lib/client/use-form-errors';

/** An event as the form holds it; the four moments as ISO strings (UTC). */
export interface EventFormValues {
  id?: number;
  slug: string;
  title: string;
  summary: string;
  rules: string;
  category: Category | null;
  maxEntriesPerMember: number;
  entriesOpenAt: string;
  entriesCloseAt: string;
  votingOpenAt: string;
  votingCloseAt: string;
}

const MOMENTS = ['entriesOpenAt', 'entriesCloseAt', 'votingOpenAt', 'votingCloseAt'] as const;
type Moment = (typeof MOMENTS)[number];

const FIELDS: Record<keyof Omit<EventFormValues, 'id'>, { id: string; label: string }> = {
  slug: { id: 'event-slug', label: 'Address' },
  title: { id: 'event-title', label: 'Title' },
  summary: { id: 'event-summary', label: 'Summary' },
  rules: { id: 'event-rules', label: 'Rules' },
  category: { id: 'event-category', label: 'Category' },
  maxEntriesPerMember: { id: 'event-max', label: 'Entries a member' },
  entriesOpenAt: { id: 'event-entriesOpenAt', label: 'Entries open' },
  entriesCloseAt: { id: 'event-entriesCloseAt', label: 'Entries close' },
  votingOpenAt: { id: 'event-votingOpenAt', label: 'Voting opens' },
  votingCloseAt: { id: 'event-votingCloseAt', label: 'Voting closes' },
};

const CATEGORIES = Object.keys(CATEGORY_NAMES) as Category[];

const inputClass =
  'w-full rounded-lg border border-white/15 bg-surface px-3 py-2.5 text-base text-white placeholder:text-neutral-500 focus:border-accent focus:outline-none';

/** An ISO moment as a datetime-local value in the browser's time zone. */
function toLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as ISO, or '' when empty or invalid. */
function fromLocalInput(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/**
 * The admins' event form: create (no `id`) or change an event. The four moments are entered
 * in the admin's own time zone and sent as UTC; refusals show beside their field.
 */
export function EventForm({ initial }: { initial: EventFormValues }) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  /** The moments in local time: known only in the browser, so filled in once it runs. */
  const [moments, setMoments] = useState<Record<Moment, string> | null>(null);
  const [zone, setZone] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const { formError, fieldErrors, show } = useFormErrors(FIELDS);

  useEffect(() => {
    setMoments(
      Object.fromEntries(MOMENTS.map((name) => [name, toLocalInput(initial[name])])) as Record<
        Moment,
        string
      >,
    );
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [initial]);

  const set = <Key extends keyof EventFormValues>(key: Key, value: EventFormValues[Key]) => {
    setSaved(false);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!moments) return;
    setBusy(true);
    setSaved(false);
    show(null);
    const fields = {
      ...values,
      ...Object.fromEntries(MOMENTS.map((name) => [name, fromLocalInput(moments[name])])),
    };
    const result = await callApi(
      '/api/v2/events',
      values.id ? { ...fields, mode: 'Update', id: values.id } : { ...fields, mode: 'Create' },
    );
    setBusy(false);
    if (!result.ok) {
      show(result.body.error ?? `Not saved (status ${result.status})`);
      return;
    }
    if (values.id) {
      setSaved(true);
      router.refresh();
    } else {
      router.push(`/admin/events/${result.body.id}?created=1`);
    }
  };

  const remove = async () => {
    if (!values.id || !window.confirm(`Delete “${values.title}” with its entries and votes?`)) {
      return;
    }
    setBusy(true);
    const result = await callApi('/api/v2/events', { mode: 'Delete', id: values.id });
    setBusy(false);
    if (!result.ok) show(result.body.error ?? `Not deleted (status ${result.status})`);
    else router.push('/admin/events');
  };

  const errorOf = (name: keyof typeof FIELDS) =>
    fieldErrors[name] ? (
      <FieldError id={`${FIELDS[name].id}-error`}>{fieldErrors[name]}</FieldError>
    ) : null;
  const aria = (name: keyof typeof FIELDS) => ({
    id: FIELDS[name].id,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `${FIELDS[name].id}-error` : undefined,
  });
  const label = (name: keyof typeof FIELDS) => (
    <label htmlFor={FIELDS[name].id} className="mb-1 block text-sm font-medium text-neutral-200">
      {FIELDS[name].label}
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-4" data-testid="event-form">
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      {saved && <FormMessage kind="success">Saved.</FormMessage>}
      <div>
        {label('title')}
        <input
          {...aria('title')}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          maxLength={120}
          className={inputClass}
        />
        {errorOf('title')}
      </div>
      <div>
        {label('slug')}
        <input
          {...aria('slug')}
          value={values.slug}
          onChange={(event) => set('slug', event.target.value)}
          maxLength={64}
          className={inputClass}
          placeholder="summer-pmv-cup"
        />
        <p className="mt-1 text-xs text-neutral-400">
          The page is /events/{values.slug || '…'}: lower-case letters, digits and dashes.
        </p>
        {errorOf('slug')}
      </div>
      <div>
        {label('summary')}
        <input
          {...aria('summary')}
          value={values.summary}
          onChange={(event) => set('summary', event.target.value)}
          maxLength={300}
          className={inputClass}
        />
        {errorOf('summary')}
      </div>
      <div>
        {label('rules')}
        <textarea
          {...aria('rules')}
          value={values.rules}
          onChange={(event) => set('rules', event.target.value)}
          maxLength={10_000}
          rows={8}
          className={`${inputClass} resize-y`}
        />
        {errorOf('rules')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          {label('category')}
          <select
            {...aria('category')}
            value={values.category ?? ''}
            onChange={(event) => set('category', (event.target.value || null) as Category | null)}
            className={inputClass}
          >
            <option value="">Any category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_NAMES[category]}
              </option>
            ))}
          </select>
          {errorOf('category')}
        </div>
        <div>
          {label('maxEntriesPerMember')}
          <input
            {...aria('maxEntriesPerMember')}
            type="number"
            min={1}
            max={20}
            value={values.maxEntriesPerMember}
            onChange={(event) => set('maxEntriesPerMember', Number(event.target.value))}
            className={inputClass}
          />
          {errorOf('maxEntriesPerMember')}
        </div>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm text-neutral-400">
          Times in your time zone{zone ? ` (${zone})` : ''}.
        </legend>
        {MOMENTS.map((name) => (
          <div key={name}>
            {label(name)}
            <input
              {...aria(name)}
              type="datetime-local"
              value={moments?.[name] ?? ''}
              disabled={!moments}
              onChange={(event) => {
                setSaved(false);
                setMoments((current) => current && { ...current, [name]: event.target.value });
              }}
              className={inputClass}
            />
            {errorOf(name)}
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy || !moments}
          aria-busy={busy}
          className="rounded-full bg-accent px-5 py-2 font-semibold text-black hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
          data-testid="event-save"
        >
          {values.id ? 'Save changes' : 'Create event'}
        </button>
        {values.id && (
          <button
            type="button"
            onClick={remove}
            disabled={busy}
            className="rounded-full border border-red-400/60 px-5 py-2 text-red-200 hover:bg-red-500/10"
          >
            Delete event
          </button>
        )}
      </div>
    </form>
  );
}
