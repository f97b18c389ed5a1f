'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { IntentLink } from '@/components/ui/intent-link';
import { callApi } from '@/lib/client/api';

/**
 * A vote for one entry. A refusal (a second vote, voting closed) shows under the button; a
 * vote taken reloads the page's data, which then shows the member's vote.
 */
export function VoteButton({
  slug,
  entryId,
  title,
  signedIn,
}: {
  slug: string;
  entryId: number;
  title: string;
  signedIn: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!signedIn) {
    return (
      <IntentLink
        href={`/login?next=${encodeURIComponent(`/events/${slug}`)}`}
        className="self-start rounded-full border border-white/20 px-4 py-1.5 text-sm hover:bg-white/10"
      >
        Sign in to vote
      </IntentLink>
    );
  }
  const vote = async () => {
    setBusy(true);
    setError(null);
    const result = await callApi('/api/v2/events', { mode: 'Vote', slug, entryId });
    setBusy(false);
    if (result.ok) router.refresh();
    else if (result.status === 401)
      router.push(`/login?next=${encodeURIComponent(`/events/${slug}`)}`);
    else setError(result.body.error ?? `Your vote was not taken (status ${result.status})`);
  };
  return (
    <div>
      <button
        type="button"
        onClick={vote}
        disabled={busy}
        aria-busy={busy}
        aria-label={`Vote for ${title}`}
        className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-black hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
        data-testid="vote-button"
      >
        Vote
      </button>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-300" data-testid="vote-error">
          {error}
        </p>
      )}
    </div>
  );
}
