'use client';

import { callApi, type ApiPayload } from '@/lib/client/api';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

/**
 * A button making one /api/v2/partner call: it refreshes the page after, or goes to the `url`
 * the answer names (Stripe Checkout, the billing portal).
 */
export function PartnerAction({
  body,
  label,
  className,
  testId,
}: {
  body: ApiPayload<'/api/v2/partner'>;
  label: string;
  className?: string;
  testId?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    const answer = await callApi('/api/v2/partner', body);
    setBusy(false);
    if (answer.status === 0) {
      setError('Network error: nothing was changed. Please try again.');
      return;
    }
    if (!answer.ok) {
      setError(answer.message ?? `The request failed (${answer.status})`);
      return;
    }
    if ('url' in answer.body && typeof answer.body.url === 'string') {
      window.location.assign(answer.body.url);
      return;
    }
    router.refresh();
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        onClick={() => void run()}
        disabled={busy}
        data-testid={testId}
        className={
          className ??
          'rounded-full border border-white/20 px-3 py-1 text-sm hover:border-white/50 disabled:opacity-60'
        }
      >
        {label}
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-300">
          {error}
        </span>
      )}
    </span>
  );
}
