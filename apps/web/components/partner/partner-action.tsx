'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

/**
 * A button making one /api/v2/partner call (or another JSON endpoint): it refreshes the page
 * after, or goes to the `url` the answer names (Stripe Checkout, the billing portal).
 */
export function PartnerAction({
  body,
  label,
  path = '/api/v2/partner',
  className,
  testId,
}: {
  body: Record<string, unknown>;
  label: string;
  path?: string;
  className?: string;
  testId?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { error?: string; url?: string };
      if (!response.ok) {
        setError(answer.error ?? `The request failed (${response.status})`);
        return;
      }
      if (answer.url) {
        window.location.assign(answer.url);
        return;
      }
      router.refresh();
    } catch {
      setError('Network error: nothing was changed. Please try again.');
    } finally {
      setBusy(false);
    }
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
