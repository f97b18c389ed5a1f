'use client';

import { useState } from 'react';
import { callApi } from '@/lib/client/api';

/** A list of watched words as `/api/v2/watchedWords` answers it. */
export interface WatchedWordListView {
  id: string;
  name: string;
  action: 'hold' | 'refuse';
  words: string[];
  updatedAt: string;
}

const inputClass =
  'mt-1 w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm focus:border-accent focus:outline-none';
const buttonClass =
  'rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10 disabled:opacity-60';

/** One list's form: its name, what a match does, its words (one a line). */
function ListForm({
  list,
  scope,
  onSaved,
  onDeleted,
}: {
  list: WatchedWordListView | null;
  scope: 'Site' | 'Mine';
  onSaved: (list: WatchedWordListView) => void;
  onDeleted?: (lists: WatchedWordListView[]) => void;
}) {
  const [name, setName] = useState(list?.name ?? (scope === 'Mine' ? 'My watched words' : ''));
  const [action, setAction] = useState<'hold' | 'refuse'>(list?.action ?? 'hold');
  const [words, setWords] = useState(list?.words.join('\n') ?? '');
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = list?.id ?? 'new';

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await callApi('/api/v2/watchedWords', {
      mode: `Save${scope}`,
      ...(list ? { id: list.id } : {}),
      name,
      action,
      words: words.split('\n').filter((word) => word.trim()),
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ text: result.body.error ?? 'Something went wrong', isError: true });
      return;
    }
    setMessage({ text: 'List saved', isError: false });
    onSaved(result.body.list);
    if (!list) {
      setName('');
      setWords('');
    }
  };

  const remove = async () => {
    if (!list || !onDeleted) return;
    if (!window.confirm(`Delete the list “${list.name}”? This cannot be undone.`)) return;
    setBusy(true);
    const result = await callApi('/api/v2/watchedWords', {
      mode: `Delete${scope}`,
      id: list.id,
    });
    setBusy(false);
    if (result.ok) onDeleted(result.body.lists);
    else setMessage({ text: result.body.error ?? 'Something went wrong', isError: true });
  };

  return (
    <form
      onSubmit={(event) => void save(event)}
      className="space-y-3 rounded-lg border border-white/10 p-4"
      data-testid="watched-word-list"
    >
      <label className="block text-sm">
        Name
        <input
          id={`list-name-${key}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={60}
          className={inputClass}
        />
      </label>
      <fieldset className="space-y-1 text-sm">
        <legend>When a text uses one of them</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`action-${key}`}
            checked={action === 'hold'}
            onChange={() => setAction('hold')}
            className="accent-[#ff9800]"
          />
          Hold it for review
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`action-${key}`}
            checked={action === 'refuse'}
            onChange={() => setAction('refuse')}
            className="accent-[#ff9800]"
          />
          Refuse it
        </label>
      </fieldset>
      <label className="block text-sm">
        Words and phrases (one a line; case, accents, repeated letters and spacing are caught)
        <textarea
          id={`list-words-${key}`}
          value={words}
          onChange={(event) => setWords(event.target.value)}
          rows={5}
          className={inputClass}
        />
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClass}>
          {list ? 'Save list' : 'Add list'}
        </button>
        {list && onDeleted && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void remove()}
            className={buttonClass}
          >
            Delete list
          </button>
        )}
        {message && (
          <p
            role={message.isError ? 'alert' : 'status'}
            className={`text-sm ${message.isError ? 'text-red-400' : 'text-neutral-300'}`}
          >
            {message.text}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * The lists of watched words of one scope (docs/moderation.md): the site's, kept by staff, or
 * a member's own list for the comments under their videos.
 */
export function WatchedWordsEditor({
  scope,
  initial,
}: {
  scope: 'Site' | 'Mine';
  initial: WatchedWordListView[];
}) {
  const [lists, setLists] = useState(initial);
  const [generation, setGeneration] = useState(0);
  const saved = (list: WatchedWordListView) => {
    setLists((current) =>
      current.some((one) => one.id === list.id)
        ? current.map((one) => (one.id === list.id ? list : one))
        : scope === 'Mine'
          ? [list]
          : [...current, list],
    );
    setGeneration((value) => value + 1);
  };
  if (scope === 'Mine') {
    return (
      <ListForm key={lists[0]?.id ?? 'new'} list={lists[0] ?? null} scope={scope} onSaved={saved} />
    );
  }
  return (
    <div className="space-y-4">
      {lists.length === 0 && (
        <p className="text-sm text-neutral-400">No lists yet: add the first one below.</p>
      )}
      {lists.map((list) => (
        <ListForm
          key={`${list.id}-${list.updatedAt}`}
          list={list}
          scope={scope}
          onSaved={saved}
          onDeleted={(next) => setLists(next)}
        />
      ))}
      <h2 className="pt-2 font-semibold">A new list</h2>
      <ListForm key={`new-${generation}`} list={null} scope={scope} onSaved={saved} />
    </div>
  );
}
