'use client';

import { useId, useState, type KeyboardEvent } from 'react';

export type LabelKind = 'tag' | 'music' | 'star' | 'creator';

/** The four label lists of a video, in the order forms show them. */
export const LABEL_FIELDS: { kind: LabelKind; label: string }[] = [
  { kind: 'tag', label: 'Tags' },
  { kind: 'music', label: 'Music' },
  { kind: 'star', label: 'Stars' },
  { kind: 'creator', label: 'Creators' },
];

export interface LabelSuggestion {
  name: string;
  count: number;
}

/** A list of labels (tags, music, stars, creators) typed one at a time, with suggestions. */
export function LabelInput({
  label,
  name,
  values,
  onChange,
  suggestions = [],
}: {
  label: string;
  name: string;
  values: string[];
  onChange(values: string[]): void;
  suggestions?: LabelSuggestion[];
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = (raw: string) => {
    const value = raw.trim().replace(/,$/, '').trim();
    if (value && !values.some((existing) => existing.toLowerCase() === value.toLowerCase())) {
      onChange([...values, value].slice(0, 50));
    }
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (
      (event.key === 'Backspace' || event.key === 'Delete') &&
      draft === '' &&
      values.length > 0
    ) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-1.5 rounded-lg border border-white/15 bg-surface px-2 py-1.5 focus-within:border-accent">
        {values.map((value) => (
          <span
            key={value}
            className="flex items-center gap-1 rounded-full bg-white/10 py-0.5 pl-2.5 pr-1 text-sm"
          >
            {value}
            <button
              type="button"
              aria-label={`Remove ${value}`}
              onClick={() => onChange(values.filter((existing) => existing !== value))}
              className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-white/20"
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          name={name}
          list={`${id}-suggestions`}
          value={draft}
          onChange={(event) => {
            const value = event.target.value;
            if (suggestions.some((suggestion) => suggestion.name === value)) add(value);
            else setDraft(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => draft && add(draft)}
          placeholder={values.length === 0 ? 'Type and press Enter' : ''}
          className="min-w-[8rem] flex-1 bg-transparent px-1 py-1 text-sm outline-none"
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion.name} value={suggestion.name}>
              {`${suggestion.name} (${suggestion.count})`}
            </option>
          ))}
        </datalist>
      </div>
    </div>
  );
}
