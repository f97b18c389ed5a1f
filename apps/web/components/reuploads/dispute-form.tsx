'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';

/** The uploader disputes the hold on their video: a short text staff read beside both videos. */
export function DisputeForm({ videoId, current }: { videoId: string; current: string | null }) {
  const router = useRouter();
  const fieldId = useId();
  const [text, setText] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await callApi('/api/v2/reuploads', { mode: 'Dispute', _id: videoId, text });
    setBusy(false);
    if (!result.ok) {
      setError(result.body.error ?? `Failed (status ${result.status})`);
      return;
    }
    setIsSent(true);
    router.refresh();
  };

  return (
    <form onSubmit={send} className="space-y-2" data-testid="dispute-form">
      <label htmlFor={fieldId} className="block text-sm font-semibold">
        {current ? 'Your dispute (you may change it)' : 'Dispute: why is this not a copy?'}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={1000}
        required
        rows={3}
        className="w-full rounded border border-white/20 bg-black/40 px-2 py-1 text-sm"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-full border border-white/20 px-3 py-1 text-sm font-semibold hover:bg-white/10"
      >
        {busy ? 'Sending…' : 'Send to staff'}
      </button>
      {isSent && (
        <p role="status" className="text-sm text-green-200">
          Sent: staff read it when they decide.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
