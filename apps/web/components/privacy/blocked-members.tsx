'use client';

import { useState } from 'react';
import { Avatar } from '@/components/profile/avatar';
import { callApi } from '@/lib/client/api';
import { IntentLink } from '@/components/ui/intent-link';

interface Blocked {
  username: string;
  image: string | null;
}

interface BlockedPage {
  data: Blocked[];
  index: number;
  hasMore: boolean;
}

/** The members the viewer blocked, with "Unblock" each, on the settings page. */
export function BlockedMembers({ initial }: { initial: BlockedPage }) {
  const [people, setPeople] = useState(initial.data);
  const [page, setPage] = useState({ index: initial.index, hasMore: initial.hasMore });
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  const unblock = async (username: string) => {
    const result = await callApi('/api/v2/privacy', { mode: 'Unblock', username });
    if (!result.ok) {
      setNote({ text: result.body.error ?? 'That did not work. Please try again', error: true });
      return;
    }
    setPeople((current) => current.filter((person) => person.username !== username));
    setNote({ text: `You unblocked ${username}.`, error: false });
  };

  const more = async () => {
    const result = await callApi('/api/v2/privacy', {
      mode: 'ListBlocked',
      index: page.index + 1,
    });
    if (!result.ok) return;
    setPeople((current) => [
      ...current,
      ...result.body.data.filter((p) => !current.some((c) => c.username === p.username)),
    ]);
    setPage({ index: result.body.index, hasMore: result.body.hasMore });
  };

  return (
    <section aria-labelledby="blocked-heading" data-testid="blocked-members">
      <h2 id="blocked-heading" className="mb-1 font-semibold text-white">
        Blocked members
      </h2>
      <p className="mb-3 text-sm text-neutral-400">
        Their messages and comments are hidden from you, and they cannot message you.
      </p>
      {people.length === 0 ? (
        <p className="text-sm text-neutral-400">You have not blocked anyone.</p>
      ) : (
        <ul className="space-y-2">
          {people.map((person) => (
            <li key={person.username} className="flex items-center gap-3">
              <Avatar username={person.username} image={person.image} size={32} />
              <IntentLink
                href={`/profile/${encodeURIComponent(person.username)}`}
                className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
              >
                {person.username}
              </IntentLink>
              <button
                type="button"
                onClick={() => void unblock(person.username)}
                className="rounded-full border border-white/20 px-3 py-1 text-xs font-semibold hover:bg-white/10"
              >
                Unblock<span className="sr-only"> {person.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {page.hasMore && (
        <button
          type="button"
          onClick={() => void more()}
          className="mt-3 rounded-full bg-white/10 px-4 py-1.5 text-sm hover:bg-white/20"
        >
          More
        </button>
      )}
      <p
        role="status"
        className={`mt-2 text-sm ${note?.error ? 'text-red-400' : 'text-neutral-300'}`}
      >
        {note?.text ?? ''}
      </p>
    </section>
  );
}
