'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { callApi, type ApiMode, type ApiPath, type ApiPayload } from '@/lib/client/api';

/**
 * One staff action on the admin endpoint, or on `endpoint` (a mode and its fields), with an
 * optional reason field that opens under the button; the page reloads its data after it
 * succeeds.
 */
export function StaffActionButton<
  Path extends ApiPath = '/api/v2/admin',
  Mode extends ApiMode<Path> = ApiMode<Path>,
>({
  mode,
  payload,
  label,
  reason,
  tone = 'neutral',
  testId,
  endpoint,
}: {
  /** The API endpoint the mode belongs to (the admin endpoint when not given). */
  endpoint?: Path;
  mode: Mode;
  /** The mode's fields, but the reason this button asks for. */
  payload: Omit<ApiPayload<Path, Mode>, 'mode' | 'reason'>;
  label: string;
  /** Ask for a reason first: 'required' or 'optional' (told to the member, kept in the log). */
  reason?: 'required' | 'optional';
  tone?: 'neutral' | 'danger' | 'good';
  testId?: string;
}) {
  const router = useRouter();
  const fieldId = useId();
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (event?: FormEvent) => {
    event?.preventDefault();
    if (reason && !asking) {
      setAsking(true);
      return;
    }
    setBusy(true);
    setError(null);
    // The props are checked against the endpoint's schema where the button is used; the body
    // built from them here is beyond what TypeScript follows through the generic types.
    const body = { mode, ...payload, ...(reason ? { reason: text } : {}) } as ApiPayload<ApiPath>;
    const result = await callApi<ApiPath>(endpoint ?? '/api/v2/admin', body);
    setBusy(false);
    if (!result.ok) {
      setError(result.body.error ?? `Failed (status ${result.status})`);
      return;
    }
    setAsking(false);
    setText('');
    router.refresh();
  };

  const toneClass =
    tone === 'danger'
      ? 'border-red-500/60 text-red-200 hover:bg-red-900/40'
      : tone === 'good'
        ? 'border-green-500/60 text-green-200 hover:bg-green-900/40'
        : 'border-white/20 hover:bg-white/10';

  return (
    <div className="inline-block max-w-full">
      {asking ? (
        <form onSubmit={run} className="flex flex-wrap items-center gap-2">
          <label htmlFor={fieldId} className="sr-only">
            Reason
          </label>
          <input
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={500}
            required={reason === 'required'}
            placeholder={reason === 'required' ? 'Reason (required)' : 'Reason (optional)'}
            className="min-w-0 max-w-full rounded border border-white/20 bg-black/40 px-2 py-1 text-sm"
            data-testid={testId ? `${testId}-reason` : undefined}
            autoFocus
          />
          <button
            type="submit"
            disabled={busy}
            className={`rounded-full border px-3 py-1 text-sm font-semibold ${toneClass}`}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {busy ? 'Working…' : label}
          </button>
          <button
            type="button"
            onClick={() => setAsking(false)}
            className="rounded-full px-3 py-1 text-sm hover:bg-white/10"
          >
            Cancel
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => void run()}
          disabled={busy}
          className={`rounded-full border px-3 py-1 text-sm font-semibold ${toneClass}`}
          data-testid={testId}
        >
          {busy ? 'Working…' : label}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
