'use client';

import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { useMemberViewer } from '@/components/shell/member-parts';

export interface FilterFormValues {
  category: string;
  view: string;
  time: string;
  quality: string;
  aspect: string;
  explicit: string;
  sameSex: string;
  trans: string;
  seizureWarning: string;
  tags: string[];
  music: string[];
  stars: string[];
  creators: string[];
  range: [number, number];
  subscriptions: boolean;
}

/**
 * Values the URL leaves out because they are the defaults (docs/limits.md, "Dashboard filters").
 */
const DEFAULTS: Record<string, string> = {
  category: 'all',
  view: 'newest',
  time: 'all',
  quality: 'any',
  aspect: 'any',
  explicit: 'any',
  sameSex: 'any',
  trans: 'any',
  seizureWarning: 'any',
};
const MAX_MINUTES = 40;

/** The short, shareable query for what the form holds. */
export function queryFromForm(form: FormData): string {
  const params = new URLSearchParams();
  for (const [key, fallback] of Object.entries(DEFAULTS)) {
    const value = String(form.get(key) ?? fallback);
    if (value !== fallback) params.set(key, value);
  }
  for (const key of ['tags', 'music', 'stars', 'creators']) {
    const names = String(form.get(key) ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length > 0) params.set(key, names.join(','));
  }
  const low = Number(form.get('rangeMin') || 0);
  const high = Number(form.get('rangeMax') || MAX_MINUTES);
  if (low !== 0 || high !== MAX_MINUTES) params.set('range', `${low}-${high}`);
  if (form.get('subscriptions')) params.set('subscriptions', '1');
  return params.toString();
}

type Options = [string, string][];
const FLAG_OPTIONS: Options = [
  ['any', 'Show'],
  ['only', 'Only'],
  ['hide', 'Hide'],
];

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: Options;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs text-neutral-400">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="rounded border border-white/15 bg-surface px-2 py-2 text-sm text-white focus:border-accent"
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function Names({
  name,
  label,
  value,
  suggestions,
}: {
  name: string;
  label: string;
  value: string[];
  suggestions: string[];
}) {
  const listId = `${name}-suggestions`;
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs text-neutral-400">
      {label}
      <input
        name={name}
        defaultValue={value.join(', ')}
        list={listId}
        placeholder="comma, separated"
        className="rounded border border-white/15 bg-surface px-2 py-2 text-sm text-white placeholder:text-neutral-600 focus:border-accent"
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </label>
  );
}

/**
 * The dashboard filters. A plain GET form (works without JavaScript); with it, the URL is
 * the short form that leaves defaults out. Either way the filters live in the URL.
 */
export function FilterForm({
  values,
  categories,
  suggestions,
  isSignedIn: renderedSignedIn,
  hasActiveFilters,
}: {
  values: FilterFormValues;
  categories: { id: string; name: string }[];
  suggestions: { tags: string[]; music: string[]; stars: string[]; creators: string[] };
  isSignedIn: boolean;
  hasActiveFilters: boolean;
}) {
  const router = useRouter();
  // The dashboard is served alike to everyone: a member is known once their parts come in.
  const member = useMemberViewer();
  const isSignedIn = renderedSignedIn || member !== null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = queryFromForm(new FormData(event.currentTarget));
    router.push(query ? `/?${query}` : '/');
  };
  return (
    <details
      className="mb-6 rounded-lg border border-white/10 bg-surface-raised"
      open={hasActiveFilters}
    >
      <summary className="cursor-pointer select-none px-4 py-3 font-semibold">
        Filters{hasActiveFilters ? ' (active)' : ''}
      </summary>
      <form
        action="/"
        method="get"
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-3 px-4 pb-4 min-[480px]:grid-cols-2 md:grid-cols-4 xl:grid-cols-6"
        aria-label="Video filters"
      >
        <Select
          name="category"
          label="Category"
          value={values.category}
          options={[
            ['all', 'All categories'],
            ...categories.map((c): [string, string] => [c.id, c.name]),
          ]}
        />
        <Select
          name="view"
          label="View"
          value={values.view}
          options={[
            ['newest', 'Newest'],
            ['popular', 'Most popular'],
          ]}
        />
        <Select
          name="time"
          label="Time"
          value={values.time}
          options={[
            ['all', 'All time'],
            ['day', 'Today'],
            ['week', 'This week'],
            ['month', 'This month'],
            ['year', 'This year'],
          ]}
        />
        <Select
          name="quality"
          label="Quality"
          value={values.quality}
          options={[
            ['any', 'Any quality'],
            ['720', '720p and up'],
            ['1080', '1080p and up'],
            ['1440', '1440p and up'],
            ['2160', '4K'],
          ]}
        />
        <Select
          name="aspect"
          label="Aspect ratio"
          value={values.aspect}
          options={[
            ['any', 'Any shape'],
            ['landscape', 'Landscape'],
            ['portrait', 'Portrait'],
            ['square', 'Square'],
          ]}
        />
        <fieldset className="flex min-w-0 gap-2">
          <legend className="mb-1 text-xs text-neutral-400">Duration (minutes, 40 = 40+)</legend>
          <label className="sr-only" htmlFor="range-min">
            Shortest, in minutes
          </label>
          <input
            id="range-min"
            name="rangeMin"
            type="number"
            min={0}
            max={MAX_MINUTES}
            defaultValue={values.range[0]}
            className="w-full rounded border border-white/15 bg-surface px-2 py-2 text-sm text-white focus:border-accent"
          />
          <span className="self-center text-neutral-500" aria-hidden="true">
            –
          </span>
          <label className="sr-only" htmlFor="range-max">
            Longest, in minutes
          </label>
          <input
            id="range-max"
            name="rangeMax"
            type="number"
            min={0}
            max={MAX_MINUTES}
            defaultValue={values.range[1]}
            className="w-full rounded border border-white/15 bg-surface px-2 py-2 text-sm text-white focus:border-accent"
          />
        </fieldset>
        <Select name="explicit" label="Explicit" value={values.explicit} options={FLAG_OPTIONS} />
        <Select name="sameSex" label="Same-sex" value={values.sameSex} options={FLAG_OPTIONS} />
        <Select name="trans" label="Trans" value={values.trans} options={FLAG_OPTIONS} />
        <Select
          name="seizureWarning"
          label="Seizure warning"
          value={values.seizureWarning}
          options={FLAG_OPTIONS}
        />
        <Names name="tags" label="Tags" value={values.tags} suggestions={suggestions.tags} />
        <Names name="music" label="Music" value={values.music} suggestions={suggestions.music} />
        <Names name="stars" label="Stars" value={values.stars} suggestions={suggestions.stars} />
        <Names
          name="creators"
          label="Creators"
          value={values.creators}
          suggestions={suggestions.creators}
        />
        {isSignedIn && (
          <label className="flex items-center gap-2 self-end py-2 text-sm">
            <input
              type="checkbox"
              name="subscriptions"
              value="1"
              defaultChecked={values.subscriptions}
            />
            Subscriptions only
          </label>
        )}
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="rounded-full bg-accent px-5 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
          >
            Apply
          </button>
          <a href="/" className="rounded-full px-4 py-2 text-sm text-neutral-300 hover:bg-white/10">
            Reset
          </a>
        </div>
      </form>
    </details>
  );
}
