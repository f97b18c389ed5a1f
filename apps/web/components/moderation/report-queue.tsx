'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callApi, type ApiPayload } from '@/lib/client/api';
import { RelativeTime } from '@/components/ui/relative-time';
import { WatchPlayer } from '@/components/video/watch-player';
import { videoHref } from '@/components/video/card-video';

export interface QueueItem {
  _id: string;
  slug: string;
  title: string;
  uploader: string;
  status: string;
  /** Shown with the player's time before the media loads (not "0:00 / 0:00"). */
  durationSeconds: number | null;
  media: { masterPlaylistUrl: string; posterUrl: string } | null;
  reports: {
    id: string;
    reasonLabel: string;
    details: string;
    reporter: string;
    createdAt: string;
  }[];
}

type Verb = 'approve' | 'delete' | 'unpublish';

const VERBS: Record<
  Verb,
  { mode: ApiPayload<'/api/v2/admin', 'HoldAction'>['action']; past: string; key: string }
> = {
  approve: { mode: 'ApproveVideo', past: 'Approved', key: 'a' },
  delete: { mode: 'DeleteReportVideo', past: 'Deleted', key: 'd' },
  unpublish: { mode: 'UnpublishVideoAdmin', past: 'Unpublished', key: 'u' },
};

/**
 * How long the server holds an action before carrying it out (its UNDO_WINDOW_SECONDS): Undo
 * works until then, and the outcome is asked for shortly after.
 */
const UNDO_MS = 6000;
const OUTCOME_CHECK_MS = UNDO_MS + 2500;

interface Pending {
  verb: Verb;
  items: QueueItem[];
  /** The server's held actions, once it has them (one per video). */
  held: Promise<{ item: QueueItem; id: string }[]>;
}

/** The reason the uploader is told: what staff typed, else what the reporters said most. */
function reasonFor(item: QueueItem, typed: string): string {
  if (typed.trim()) return typed.trim();
  const counts = new Map<string, number>();
  for (const report of item.reports) {
    counts.set(report.reasonLabel, (counts.get(report.reasonLabel) ?? 0) + 1);
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return top ? `Reported: ${top}` : 'Against the site rules';
}

/**
 * The report queue: the videos on the left, the chosen one playing beside its reports. Keys:
 * j/k move, x selects, a approves, d deletes, u unpublishes (the selection, or the current
 * video), z undoes the last action. An action reaches the server at once and is held there for
 * the undo window (docs/moderation.md): leaving or closing the page loses nothing.
 */
export function ReportQueue({ initial, count }: { initial: QueueItem[]; count: number }) {
  const [items, setItems] = useState(initial);
  // Every page's count, less what was acted on here (back again when undone or refused).
  const waiting = Math.max(0, count - initial.length + items.length);
  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  /** Sends each video's action to be held; a refusal puts the video back with the reason. */
  const hold = useCallback(async (verb: Verb, targets: QueueItem[], typed: string) => {
    const answers = await Promise.all(
      targets.map(async (item) => {
        const result = await callApi('/api/v2/admin', {
          mode: 'HoldAction',
          action: VERBS[verb].mode,
          _id: item._id,
          ...(verb === 'approve' ? {} : { reason: reasonFor(item, typed) }),
        });
        return { item, result };
      }),
    );
    const refused = answers.filter(({ result }) => !result.ok);
    if (refused.length > 0) {
      setItems((list) => [...refused.map(({ item }) => item), ...list]);
      const first = refused[0]!;
      setNotice({
        ok: false,
        text: `${first.item.title}: ${first.result.body.error ?? 'failed'}`,
      });
    }
    return answers
      .filter(({ result }) => result.ok)
      .map(({ item, result }) => ({ item, id: result.body.data.id }));
  }, []);

  /** Once the window has passed: a held action that failed puts its video back, saying why. */
  const checkOutcome = useCallback(async (action: Pending) => {
    const held = await action.held;
    if (held.length === 0) return;
    const result = await callApi('/api/v2/admin', {
      mode: 'HeldActions',
      ids: held.map(({ id }) => id),
    });
    if (!result.ok) return;
    const failed = result.body.data.filter((entry) => entry.state === 'failed');
    if (failed.length === 0) return;
    const back = held.filter(({ id }) => failed.some((entry) => entry.id === id));
    setItems((list) => [...back.map(({ item }) => item), ...list]);
    setNotice({
      ok: false,
      text: `${back[0]!.item.title}: ${failed[0]!.failure ?? 'the action failed'}`,
    });
  }, []);

  const act = useCallback(
    (verb: Verb) => {
      const targets =
        selected.size > 0
          ? items.filter((item) => selected.has(item._id))
          : items[current]
            ? [items[current]!]
            : [];
      if (targets.length === 0) return;
      const ids = new Set(targets.map((item) => item._id));
      setItems((list) => list.filter((item) => !ids.has(item._id)));
      setSelected(new Set());
      setCurrent((index) => Math.max(0, Math.min(index, items.length - targets.length - 1)));
      const action: Pending = { verb, items: targets, held: hold(verb, targets, reason) };
      // Each action's reason is its own: the field starts empty for the next one.
      setReason('');
      pendingRef.current = action;
      setPending(action);
      setNotice(null);
      setTimeout(() => {
        if (pendingRef.current === action) {
          pendingRef.current = null;
          setPending(null);
        }
      }, UNDO_MS);
      setTimeout(() => void checkOutcome(action), OUTCOME_CHECK_MS);
    },
    [checkOutcome, current, hold, items, reason, selected],
  );

  const undo = useCallback(async () => {
    const waiting = pendingRef.current;
    if (!waiting) return;
    pendingRef.current = null;
    setPending(null);
    const held = await waiting.held;
    const answers = await Promise.all(
      held.map(async (entry) => ({
        ...entry,
        result: await callApi('/api/v2/admin', { mode: 'UndoAction', id: entry.id }),
      })),
    );
    const undone = answers.filter(({ result }) => result.ok);
    const late = answers.find(({ result }) => !result.ok);
    setItems((list) => [...undone.map(({ item }) => item), ...list]);
    setCurrent(0);
    setNotice(
      late
        ? { ok: false, text: `${late.item.title}: ${late.result.body.error ?? 'could not undo'}` }
        : { ok: true, text: `Undone: ${undone.length} video(s) back in the queue` },
    );
  }, []);

  const toggle = useCallback((id: string) => {
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (
        target?.closest(
          'input:not([type="checkbox"]), textarea, select, [contenteditable="true"], .cutroom-player',
        )
      ) {
        return;
      }
      const key = event.key.toLowerCase();
      const handled = (() => {
        if (key === 'j') setCurrent((index) => Math.min(index + 1, items.length - 1));
        else if (key === 'k') setCurrent((index) => Math.max(index - 1, 0));
        else if (key === 'x' && items[current]) toggle(items[current]!._id);
        else if (key === 'a') act('approve');
        else if (key === 'd') act('delete');
        else if (key === 'u') act('unpublish');
        else if (key === 'z') void undo();
        else return false;
        return true;
      })();
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, current, items, toggle, undo]);

  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${current}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const item = items[current];
  const legend = useMemo(
    () => [
      ['j / k', 'next / previous'],
      ['x', 'select for a bulk action'],
      ['a', 'approve (keep)'],
      ['d', 'delete'],
      ['u', 'unpublish'],
      ['z', 'undo the last action'],
    ],
    [],
  );

  return (
    <div className="space-y-3" data-testid="report-queue">
      <p className="text-sm text-neutral-300" data-testid="queue-count">
        {waiting} video{waiting === 1 ? '' : 's'} with open reports, the longest waiting first.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 text-sm">
          <span className="mb-1 block font-semibold">Reason told to the uploader</span>
          <input
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            placeholder="Empty: the reporters' most common reason"
            className="w-full rounded border border-white/20 bg-black/40 px-2 py-1.5"
            data-testid="queue-reason"
          />
        </label>
        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label="Act on the selection or the current video"
        >
          {(Object.keys(VERBS) as Verb[]).map((verb) => (
            <button
              key={verb}
              type="button"
              onClick={() => act(verb)}
              disabled={items.length === 0}
              className={`rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-50 ${
                verb === 'approve'
                  ? 'bg-green-700 text-white hover:bg-green-600'
                  : verb === 'delete'
                    ? 'bg-red-700 text-white hover:bg-red-600'
                    : 'bg-accent text-black hover:bg-accent-strong'
              }`}
              data-testid={`queue-${verb}`}
            >
              {verb === 'approve' ? 'Approve' : verb === 'delete' ? 'Delete' : 'Unpublish'}
              {selected.size > 0 ? ` ${selected.size}` : ''}{' '}
              <kbd className="ml-1 rounded bg-black/30 px-1 font-mono text-xs">
                {VERBS[verb].key}
              </kbd>
            </button>
          ))}
        </div>
      </div>

      <div aria-live="polite" className="min-h-6 text-sm">
        {pending ? (
          <p className="flex flex-wrap items-center gap-2" data-testid="queue-pending">
            {VERBS[pending.verb].past}{' '}
            {pending.items.length === 1
              ? `"${pending.items[0]!.title}"`
              : `${pending.items.length} videos`}
            .
            <button
              type="button"
              onClick={() => void undo()}
              className="rounded-full border border-white/30 px-3 py-0.5 font-semibold hover:bg-white/10"
              data-testid="queue-undo"
            >
              Undo <kbd className="font-mono text-xs">z</kbd>
            </button>
          </p>
        ) : notice ? (
          <p
            className={notice.ok ? 'text-green-300' : 'text-red-300'}
            role={notice.ok ? 'status' : 'alert'}
          >
            {notice.text}
          </p>
        ) : null}
      </div>

      {items.length === 0 ? (
        <div
          className="rounded-lg border border-dashed border-white/15 px-6 py-12 text-center"
          data-testid="empty-state"
        >
          <p className="text-lg font-semibold">No reported videos</p>
          <p className="mt-2 text-neutral-400">When members report a video, it waits here.</p>
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <ul
            ref={listRef}
            className="max-h-[70vh] space-y-1 overflow-y-auto"
            aria-label="Reported videos"
            data-testid="queue-list"
          >
            {items.map((entry, index) => (
              <li key={entry._id} data-index={index}>
                <div
                  className={`flex items-start gap-2 rounded px-2 py-2 ${
                    index === current ? 'bg-white/15 ring-1 ring-accent' : 'hover:bg-white/5'
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={selected.has(entry._id)}
                    onChange={() => toggle(entry._id)}
                    aria-label={`Select ${entry.title}`}
                    className="mt-1"
                  />
                  <button
                    type="button"
                    onClick={() => setCurrent(index)}
                    aria-current={index === current ? 'true' : undefined}
                    className="min-w-0 flex-1 text-left"
                    data-testid="queue-item"
                  >
                    <span className="block break-words text-sm font-semibold">{entry.title}</span>
                    <span className="block text-xs text-neutral-400">
                      {entry.reports.length} report{entry.reports.length === 1 ? '' : 's'} · by{' '}
                      {entry.uploader}
                    </span>
                  </button>
                </div>
              </li>
            ))}
          </ul>

          {item && (
            <section
              aria-label={`Reported video: ${item.title}`}
              className="min-w-0 space-y-3"
              data-testid="queue-current"
            >
              {item.media ? (
                <WatchPlayer
                  key={item._id}
                  videoId={item._id}
                  title={item.title}
                  masterPlaylistUrl={item.media.masterPlaylistUrl}
                  posterUrl={item.media.posterUrl}
                  spritesVttUrl={null}
                  countsViews={false}
                  durationSeconds={item.durationSeconds}
                />
              ) : (
                <div className="flex aspect-video items-center justify-center rounded-xl bg-surface-overlay text-neutral-400">
                  This video has no playable media.
                </div>
              )}
              <h2 className="break-words text-lg font-bold">
                <a href={`/moderation/video/${item._id}`} className="hover:underline">
                  {item.title}
                </a>
              </h2>
              <p className="text-sm text-neutral-400">
                Uploaded by{' '}
                <a
                  href={`/moderation/users?member=${encodeURIComponent(item.uploader)}`}
                  className="underline"
                >
                  {item.uploader}
                </a>{' '}
                ·{' '}
                <a href={videoHref({ slug: item.slug, id: item._id })} className="underline">
                  public page
                </a>
              </p>
              <ol className="space-y-2" aria-label="Reports">
                {item.reports.map((report) => (
                  <li key={report.id} className="rounded-lg bg-surface-raised p-3 text-sm">
                    <p className="font-semibold">{report.reasonLabel}</p>
                    {report.details && (
                      <p className="mt-1 whitespace-pre-line break-words text-neutral-200">
                        {report.details}
                      </p>
                    )}
                    <p className="mt-1 text-xs text-neutral-400">
                      {report.reporter} · <RelativeTime date={report.createdAt} />
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      )}

      <section
        aria-labelledby="queue-keys"
        className="rounded-lg border border-white/10 p-3 text-sm"
      >
        <h2 id="queue-keys" className="mb-2 font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="queue-legend">
          {legend.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded bg-white/10 px-1.5 font-mono">{keys}</kbd>
              </dt>
              <dd className="text-neutral-300">{what}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
