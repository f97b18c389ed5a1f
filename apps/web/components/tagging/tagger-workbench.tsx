'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CATEGORY_NAMES } from '@/lib/category-names';
import { callApi } from '@/lib/client/api';
import {
  LABEL_FIELDS,
  LabelInput,
  type LabelKind,
  type LabelSuggestion,
} from '@/components/upload/label-input';
import { videoHref } from '@/components/video/card-video';

export type LabelSet = Record<LabelKind, string[]>;

export interface TaggerItem {
  id: string;
  slug: string;
  title: string;
  category: string;
  posterUrl: string | null;
  reason: 'disputed' | 'reported' | 'few_labels';
  detail: string;
  labels: LabelSet;
}

const REASON_NAMES: Record<TaggerItem['reason'], string> = {
  disputed: 'Disputed',
  reported: 'Reported',
  few_labels: 'Few labels',
};

/** The key that puts the cursor in each kind's field. */
const KIND_KEYS: Record<string, LabelKind> = { t: 'tag', m: 'music', s: 'star', c: 'creator' };

const LEGEND: [string, string][] = [
  ['j / k', 'next / previous video'],
  ['t m s c', 'tag, music, star, creator field'],
  ['Enter', 'add the label'],
  ['Backspace / Delete', 'remove the last label (empty field)'],
  ['Esc', 'back to the queue'],
  ['f', 'flag as disputed'],
  ['o', 'open the video'],
];

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The tagger's workbench: the queue on one side, the current video's labels on the other.
 * Every added or removed label is one call (logged, revertible by staff); j/k move through
 * the queue and t/m/s/c jump into a label field, whose suggestions are the site's lists.
 */
export function TaggerWorkbench({
  items: initial,
  suggestions,
}: {
  items: TaggerItem[];
  suggestions: Record<LabelKind, LabelSuggestion[]>;
}) {
  const [items, setItems] = useState(initial);
  const [current, setCurrent] = useState(0);
  const [status, setStatus] = useState('');
  const [flagging, setFlagging] = useState(false);
  const [flagReason, setFlagReason] = useState('');
  const [busy, setBusy] = useState(false);
  const editor = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const item = items[current];

  const move = useCallback(
    (step: number) => {
      setFlagging(false);
      setCurrent((index) => Math.min(Math.max(index + step, 0), Math.max(items.length - 1, 0)));
    },
    [items.length],
  );

  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const focusKind = (kind: LabelKind) =>
    editor.current?.querySelector<HTMLInputElement>(`[data-kind="${kind}"] input`)?.focus();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) {
        if (event.key === 'Escape') {
          (event.target as HTMLElement).blur();
          setFlagging(false);
          editor.current?.focus();
        }
        return;
      }
      const kind = KIND_KEYS[event.key];
      if (event.key === 'j') move(1);
      else if (event.key === 'k') move(-1);
      else if (kind) focusKind(kind);
      else if (event.key === 'f' && item) setFlagging(true);
      else if (event.key === 'o' && item) window.open(videoHref(item), '_blank', 'noopener');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [item, move]);

  const setLabels = (videoId: string, labels: LabelSet) =>
    setItems((all) => all.map((entry) => (entry.id === videoId ? { ...entry, labels } : entry)));

  /** The label field changed: one call for each label added or taken off. */
  const change = async (kind: LabelKind, next: string[]) => {
    if (!item) return;
    const before = item.labels[kind];
    const added = next.filter((name) => !before.some((old) => sameName(old, name)));
    const removed = before.filter((name) => !next.some((kept) => sameName(kept, name)));
    setLabels(item.id, { ...item.labels, [kind]: next });
    let labels = item.labels;
    for (const [mode, names] of [
      ['AddLabel', added],
      ['RemoveLabel', removed],
    ] as const) {
      for (const name of names) {
        const result = await callApi('/api/tagging', {
          mode,
          videoId: item.id,
          kind,
          name,
        });
        if (!result.ok) {
          setStatus(result.body.error ?? `Not saved (status ${result.status})`);
          setLabels(item.id, labels);
          return;
        }
        labels = result.body.labels;
        setStatus(`${mode === 'AddLabel' ? 'Added' : 'Removed'} ${kind} “${name}”`);
      }
    }
    setLabels(item.id, labels);
  };

  const flag = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || !flagReason.trim()) return;
    setBusy(true);
    const result = await callApi('/api/tagging', {
      mode: 'Flag',
      videoId: item.id,
      reason: flagReason,
    });
    setBusy(false);
    if (!result.ok) {
      setStatus(result.body.error ?? `Not flagged (status ${result.status})`);
      return;
    }
    setItems((all) =>
      all.map((entry) =>
        entry.id === item.id ? { ...entry, reason: 'disputed', detail: flagReason } : entry,
      ),
    );
    setFlagging(false);
    setFlagReason('');
    setStatus('Flagged as disputed');
    editor.current?.focus();
  };

  const settle = async () => {
    if (!item) return;
    const result = await callApi('/api/tagging', { mode: 'Settle', videoId: item.id });
    if (!result.ok) {
      setStatus(result.body.error ?? `Not settled (status ${result.status})`);
      return;
    }
    setItems((all) =>
      all.map((entry) =>
        entry.id === item.id ? { ...entry, reason: 'few_labels', detail: 'Settled' } : entry,
      ),
    );
    setStatus('Dispute settled');
  };

  if (items.length === 0) {
    return (
      <p className="rounded-lg bg-surface-raised p-6 text-center" data-testid="tagger-empty">
        The queue is empty: every video has its labels. Thank you!
      </p>
    );
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-labelledby="tagger-queue-heading" className="min-w-0">
        <h2 id="tagger-queue-heading" className="mb-2 text-sm font-semibold text-neutral-300">
          Queue ({items.length})
        </h2>
        <ol
          ref={list}
          className="max-h-[28rem] space-y-1 overflow-y-auto pr-1 lg:max-h-[70vh]"
          data-testid="tagger-queue"
        >
          {items.map((entry, index) => (
            <li key={entry.id} data-index={index}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-current={index === current ? 'true' : undefined}
                className={`w-full rounded px-2 py-1.5 text-left text-sm ${
                  index === current ? 'bg-white/15 text-white' : 'text-neutral-300 hover:bg-white/5'
                }`}
                data-testid="tagger-item"
              >
                <span className="block truncate font-medium">{entry.title}</span>
                <span className="text-xs text-neutral-400">
                  {REASON_NAMES[entry.reason]} · {entry.detail}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </section>

      {item ? (
        <div
          ref={editor}
          tabIndex={-1}
          className="min-w-0 space-y-4 rounded-lg bg-surface-raised p-4 outline-none"
          data-testid="tagger-current"
          data-video-id={item.id}
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            {item.posterUrl ? (
              <img
                src={item.posterUrl}
                alt=""
                className="aspect-video w-full rounded object-cover sm:w-56"
              />
            ) : null}
            <div className="min-w-0">
              <h2 className="break-words text-lg font-semibold">
                <a
                  href={videoHref(item)}
                  target="_blank"
                  rel="noopener"
                  className="hover:underline"
                >
                  {item.title}
                </a>
              </h2>
              <p className="text-sm text-neutral-400">
                {CATEGORY_NAMES[item.category as keyof typeof CATEGORY_NAMES] ?? item.category}
              </p>
              <p className="mt-1 text-sm" data-testid="tagger-reason">
                <span className="rounded-full bg-accent/20 px-2 py-0.5 text-xs font-semibold text-accent">
                  {REASON_NAMES[item.reason]}
                </span>{' '}
                {item.detail}
              </p>
            </div>
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            {LABEL_FIELDS.map(({ kind, label }) => (
              <div key={`${item.id}-${kind}`} data-kind={kind} data-testid={`tagger-${kind}`}>
                <LabelInput
                  label={`${label} (${Object.entries(KIND_KEYS).find(([, k]) => k === kind)![0]})`}
                  name={kind}
                  values={item.labels[kind]}
                  onChange={(values) => void change(kind, values)}
                  suggestions={suggestions[kind]}
                />
              </div>
            ))}
          </div>

          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => setFlagging(true)}
              className="rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
            >
              Flag as disputed (f)
            </button>
            {item.reason === 'disputed' ? (
              <button
                type="button"
                onClick={() => void settle()}
                className="rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10"
                data-testid="tagger-settle"
              >
                Labels are right now: settle
              </button>
            ) : null}
          </div>
          {flagging ? (
            <form onSubmit={flag} className="flex flex-wrap items-end gap-2">
              <label className="block min-w-0 flex-1 text-sm">
                What is wrong with the labels?
                <input
                  autoFocus
                  value={flagReason}
                  maxLength={300}
                  onChange={(event) => setFlagReason(event.target.value)}
                  className="mt-1 w-full rounded-lg border border-white/15 bg-surface px-3 py-2 text-base focus:border-accent focus:outline-none"
                />
              </label>
              <button
                type="submit"
                disabled={busy || !flagReason.trim()}
                className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-50"
              >
                Flag
              </button>
            </form>
          ) : null}
          <p role="status" className="min-h-5 text-sm text-neutral-300" data-testid="tagger-status">
            {status}
          </p>
        </div>
      ) : null}

      <aside
        aria-label="Keys"
        className="rounded-lg border border-white/10 p-3 text-sm lg:col-start-2"
        data-testid="tagger-legend"
      >
        <h2 className="mb-1 font-semibold">Keys</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {LEGEND.map(([key, what]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-white/20 bg-white/5 px-1.5 font-mono text-xs">
                  {key}
                </kbd>
              </dt>
              <dd className="text-neutral-300">{what}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
