'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { FieldError, FormMessage } from '@/components/auth/form-parts';
import { callApi, type ApiAnswer } from '@/lib/client/api';
import { useFormErrors } from '@/lib/client/use-form-errors';

/** The Go live page's state, as `/api/v2/live` answers it (the RTMP address is a prop apart). */
export type GoLiveState = Omit<ApiAnswer<'/api/v2/live', 'SaveDetails'>['live'], 'rtmpUrl'>;

const FIELDS = {
  title: { id: 'live-title', label: 'Title' },
  description: { id: 'live-description', label: 'Description' },
  category: { id: 'live-category', label: 'Category' },
  visibility: { id: 'live-visibility', label: 'Visibility' },
  startsAt: { id: 'live-starts-at', label: 'Starts at' },
};

/** A date as a `datetime-local` field shows it: the viewer's own time zone. */
function localInputValue(iso: string): string {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const inputClass =
  'mt-1 w-full rounded border border-white/15 bg-surface px-3 py-2 text-sm focus:border-accent focus:outline-none';
const buttonClass =
  'rounded-full border border-white/20 px-4 py-2 text-sm hover:bg-white/10 disabled:opacity-60';

/** The settings OBS needs beside the URL and key (docs/live.md). */
const OBS_SETTINGS = [
  ['Service', 'Custom…'],
  ['Encoder', 'x264 or a hardware H.264 encoder'],
  ['Rate control', 'CBR, 2500–6000 kbps'],
  ['Keyframe interval', '1 s (2 s at most)'],
  ['Profile and tuning', 'main or high, tune zerolatency'],
  ['Audio', 'AAC, 128–160 kbps, 44.1 or 48 kHz'],
  ['Resolution and frame rate', 'up to 3840×2160, 1–120 fps (1920×1080 at 30 fps is the usual)'],
] as const;

/**
 * The stream key (made, shown once, made again), where to send the stream, and the next
 * live's details, which a live on air takes at once.
 */
export function GoLiveForm({
  rtmpUrl,
  categories,
  initial,
}: {
  rtmpUrl: string | null;
  categories: { id: string; name: string }[];
  initial: GoLiveState;
}) {
  const [state, setState] = useState(initial);
  const [details, setDetails] = useState(initial.details);
  const [key, setKey] = useState<string | null>(null);
  const [confirmingNewKey, setConfirmingNewKey] = useState(false);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [startsAt, setStartsAt] = useState(
    initial.scheduled ? localInputValue(initial.scheduled.startsAt) : '',
  );
  const errors = useFormErrors(FIELDS);

  // On air: the live's events say when it ends (the streamer, staff, the stream stopped), and
  // the page shows why at once. The streamer's own page is not counted as watching.
  const onAirId = state.onAir?.videoId ?? null;
  useEffect(() => {
    if (!onAirId) return;
    const source = new EventSource(`/api/live/${encodeURIComponent(onAirId)}/events`);
    const refresh = async () => {
      const result = await callApi('/api/v2/live', { mode: 'get' });
      if (result.ok) setState(result.body.live);
    };
    source.addEventListener('live-ended', () => {
      source.close();
      void refresh();
    });
    return () => source.close();
  }, [onAirId]);

  /** Schedules the next live with the details as they stand (saved first), or takes it back. */
  async function schedule(when: string | null) {
    setBusy(true);
    errors.show(null);
    const savedDetails = when
      ? await callApi('/api/v2/live', { mode: 'SaveDetails', ...details })
      : null;
    const result =
      savedDetails && !savedDetails.ok
        ? savedDetails
        : await callApi('/api/v2/live', {
            mode: 'Schedule',
            // The field's local time, sent as an instant.
            startsAt: when ? new Date(when).toISOString() : null,
          });
    setBusy(false);
    if (!result.ok) return errors.show(result.body.error ?? 'The live could not be scheduled');
    setState(result.body.live);
    if (!when) setStartsAt('');
  }

  async function makeKey() {
    setBusy(true);
    errors.show(null);
    const result = await callApi('/api/v2/live', {
      mode: 'NewKey',
    });
    setBusy(false);
    setConfirmingNewKey(false);
    if (!result.ok) return errors.show(result.body.error ?? 'The key could not be made');
    setKey(result.body.key);
    setState(result.body.live);
  }

  async function endLive() {
    setBusy(true);
    errors.show(null);
    const result = await callApi('/api/v2/live', { mode: 'End' });
    setBusy(false);
    setConfirmingEnd(false);
    if (!result.ok) return errors.show(result.body.error ?? 'The live could not be ended');
    setState(result.body.live);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    errors.show(null);
    const result = await callApi('/api/v2/live', {
      mode: 'SaveDetails',
      ...details,
    });
    setBusy(false);
    if (!result.ok) return errors.show(result.body.error ?? 'The details could not be saved');
    setState(result.body.live);
    setSaved(true);
  }

  const fieldError = (name: keyof typeof FIELDS) =>
    errors.fieldErrors[name] ? (
      <FieldError id={`${FIELDS[name].id}-error`}>{errors.fieldErrors[name]}</FieldError>
    ) : null;

  return (
    <div className="space-y-8">
      {errors.formError && <FormMessage kind="error">{errors.formError}</FormMessage>}
      {state.onAir && (
        <p role="status" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2">
          {state.onAir.isDropped
            ? 'Your stream dropped: send it again within a minute to continue the same live. '
            : 'You are live. '}
          <a
            className="underline"
            href={`/video/${state.onAir.slug}_${state.onAir.videoId}`}
            data-testid="on-air-link"
          >
            Open your live page
          </a>
          <span className="mt-2 flex flex-wrap items-center gap-2">
            {confirmingEnd ? (
              <span
                role="group"
                aria-label="Confirm the end"
                className="flex flex-wrap items-center gap-2"
              >
                {details.keepRecording
                  ? 'End the live now? Its recording becomes a video.'
                  : 'End the live now? It is removed, as you chose not to keep it.'}
                <button
                  type="button"
                  disabled={busy}
                  className="rounded-full bg-red-600 px-4 py-2 text-sm font-semibold text-white"
                  onClick={() => void endLive()}
                >
                  End the live
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => setConfirmingEnd(false)}
                >
                  Cancel
                </button>
              </span>
            ) : (
              <button type="button" className={buttonClass} onClick={() => setConfirmingEnd(true)}>
                End the live
              </button>
            )}
          </span>
        </p>
      )}
      {!state.onAir && state.lastEnded && (
        <p role="status" data-testid="last-ended" className="rounded-lg bg-accent/15 px-3 py-2">
          Your live “{state.lastEnded.title}” ended{' '}
          <time dateTime={state.lastEnded.endedAt} suppressHydrationWarning>
            {new Date(state.lastEnded.endedAt).toLocaleString()}
          </time>
          {state.lastEnded.reason ? `: ${state.lastEnded.reason}.` : '.'}{' '}
          {state.lastEnded.replay === null ? (
            'You chose not to keep it: no replay.'
          ) : (
            <>
              {state.lastEnded.replay === 'failed'
                ? 'Its replay could not be made. '
                : state.lastEnded.replay !== 'processing'
                  ? ''
                  : state.lastEnded.replayPlays
                    ? 'Its replay plays already; its other qualities follow in a few minutes. '
                    : 'Its replay is being prepared. '}
              <a
                className="underline"
                href={`/video/${state.lastEnded.slug}_${state.lastEnded.videoId}`}
                data-testid="replay-link"
              >
                {state.lastEnded.replay === 'processing' && !state.lastEnded.replayPlays
                  ? 'Its page'
                  : 'Watch the replay'}
              </a>
            </>
          )}
        </p>
      )}
      {state.lastRefusal && (
        <FormMessage kind="error" testId="last-refusal">
          Your last stream was refused
          {state.lastRefusalAt ? ` (${new Date(state.lastRefusalAt).toLocaleString()})` : ''}:{' '}
          {state.lastRefusal}
        </FormMessage>
      )}

      <section aria-labelledby="stream-where">
        <h2 id="stream-where" className="mb-3 text-lg font-semibold">
          Where to send your stream
        </h2>
        {rtmpUrl ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-neutral-400">Server (RTMP)</dt>
            <dd className="break-all font-mono" data-testid="rtmp-url">
              {rtmpUrl}
            </dd>
            <dt className="text-neutral-400">Stream key</dt>
            <dd>
              {key ? (
                <>
                  <code className="block break-all font-mono" data-testid="stream-key">
                    {key}
                  </code>
                  <span className="text-neutral-400">
                    Copy it now: it is shown only this once. Anyone with it can stream as you.
                  </span>
                </>
              ) : state.hasKey ? (
                <span>
                  {state.isDisabled
                    ? `Your key was disabled by the staff${state.disabledReason ? ` (${state.disabledReason})` : ''}: make a new one to stream again.`
                    : `Made ${state.keyCreatedAt ? new Date(state.keyCreatedAt).toLocaleDateString() : ''}; shown only when it was made.`}
                </span>
              ) : (
                <span>You have no stream key yet.</span>
              )}
            </dd>
          </dl>
        ) : (
          <p>This site does not take live streams (its RTMP port is turned off).</p>
        )}
        {rtmpUrl && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {state.hasKey && !confirmingNewKey ? (
              <button
                type="button"
                className={buttonClass}
                onClick={() => setConfirmingNewKey(true)}
              >
                Make a new key
              </button>
            ) : null}
            {state.hasKey && confirmingNewKey ? (
              <span
                role="group"
                aria-label="Confirm a new key"
                className="flex flex-wrap items-center gap-2 text-sm"
              >
                Your current key stops working at once.
                <button
                  type="button"
                  disabled={busy}
                  className="rounded-full bg-accent px-4 py-2 font-semibold text-black"
                  onClick={() => void makeKey()}
                >
                  Make the new key
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => setConfirmingNewKey(false)}
                >
                  Cancel
                </button>
              </span>
            ) : null}
            {!state.hasKey && (
              <button
                type="button"
                disabled={busy}
                className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black"
                onClick={() => void makeKey()}
              >
                Make a stream key
              </button>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="obs-settings">
        <h2 id="obs-settings" className="mb-3 text-lg font-semibold">
          OBS settings
        </h2>
        <p className="mb-2 text-sm">
          In OBS, Settings → Stream: paste the server and the key. Settings → Output (Advanced):
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {OBS_SETTINGS.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-neutral-400">{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-neutral-400">
          From a terminal:{' '}
          <code>
            ffmpeg -re -i video.mp4 -c:v libx264 -g 30 -c:a aac -f flv {rtmpUrl ?? 'rtmp://…/live'}
            /KEY
          </code>
        </p>
      </section>

      <section aria-labelledby="live-details">
        <h2 id="live-details" className="mb-3 text-lg font-semibold">
          Your live
        </h2>
        <form onSubmit={(event) => void save(event)} className="space-y-4" noValidate>
          <div>
            <label htmlFor={FIELDS.title.id} className="text-sm font-medium">
              Title
            </label>
            <input
              id={FIELDS.title.id}
              className={inputClass}
              maxLength={200}
              value={details.title}
              placeholder="Your username followed by “live” when empty"
              onChange={(event) => setDetails({ ...details, title: event.target.value })}
            />
            {fieldError('title')}
          </div>
          <div>
            <label htmlFor={FIELDS.description.id} className="text-sm font-medium">
              Description
            </label>
            <textarea
              id={FIELDS.description.id}
              className={inputClass}
              rows={3}
              maxLength={5000}
              value={details.description}
              onChange={(event) => setDetails({ ...details, description: event.target.value })}
            />
            {fieldError('description')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={FIELDS.category.id} className="text-sm font-medium">
                Category
              </label>
              <select
                id={FIELDS.category.id}
                className={inputClass}
                value={details.category}
                onChange={(event) =>
                  setDetails({
                    ...details,
                    category: event.target.value as GoLiveState['details']['category'],
                  })
                }
              >
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
              {fieldError('category')}
            </div>
            <div>
              <label htmlFor={FIELDS.visibility.id} className="text-sm font-medium">
                Visibility
              </label>
              <select
                id={FIELDS.visibility.id}
                className={inputClass}
                value={details.visibility}
                onChange={(event) =>
                  setDetails({
                    ...details,
                    visibility: event.target.value as GoLiveState['details']['visibility'],
                  })
                }
              >
                <option value="public">Public</option>
                <option value="unlisted">Unlisted</option>
                <option value="private">Private</option>
              </select>
              {fieldError('visibility')}
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={details.keepRecording}
              onChange={(event) => setDetails({ ...details, keepRecording: event.target.checked })}
            />
            Keep the recording as a video when the live ends
          </label>
          <div className="flex items-center gap-3">
            <button
              type="submit"
              disabled={busy || !state.hasKey}
              className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-60"
            >
              Save
            </button>
            {!state.hasKey && (
              <span className="text-sm text-neutral-400">Make a stream key first.</span>
            )}
            {saved && (
              <span role="status" className="text-sm text-emerald-300">
                Saved{state.onAir ? ': your live shows it now' : ''}.
              </span>
            )}
          </div>
        </form>
      </section>

      <section aria-labelledby="live-schedule">
        <h2 id="live-schedule" className="mb-3 text-lg font-semibold">
          Schedule
        </h2>
        <p className="mb-3 text-sm text-neutral-400">
          Announce when you go live: a waiting page with your live&apos;s details goes up now, and
          turns into the live by itself when your stream arrives.
        </p>
        {state.scheduled && (
          <p role="status" className="mb-3 text-sm" data-testid="scheduled-live">
            Scheduled for {new Date(state.scheduled.startsAt).toLocaleString()}.{' '}
            <a
              className="underline"
              href={`/video/${state.scheduled.slug}_${state.scheduled.videoId}`}
              data-testid="waiting-page-link"
            >
              Open the waiting page
            </a>
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={FIELDS.startsAt.id} className="text-sm font-medium">
              Starts at
            </label>
            <input
              id={FIELDS.startsAt.id}
              type="datetime-local"
              className={inputClass}
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
            {fieldError('startsAt')}
          </div>
          <button
            type="button"
            disabled={busy || !state.hasKey || !startsAt || state.onAir !== null}
            className={buttonClass}
            onClick={() => void schedule(startsAt)}
          >
            {state.scheduled ? 'Move the schedule' : 'Schedule'}
          </button>
          {state.scheduled && (
            <button
              type="button"
              disabled={busy}
              className={buttonClass}
              onClick={() => void schedule(null)}
            >
              Take the schedule back
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
