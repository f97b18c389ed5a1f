import type { Metadata } from 'next';
import { headers } from 'next/headers';
import {
  listSessions,
  sessionIdOf,
} from '@cutroom/core/features/accounts/my-account/sessions.service';
import { SessionList } from '@/components/account/session-list';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Where you are signed in' };

/** The member's sessions, this one marked; sign out one or all others. */
export default async function SessionsPage() {
  const viewer = await requirePageViewer();
  const { database, accounts } = await getRuntime();
  const current = await sessionIdOf(accounts.auth, new Headers(await headers()), viewer.id);
  const sessions = await listSessions(
    { db: database.db, actor: viewer, now: () => new Date() },
    current,
  );
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="sessions-page">
      <h1 className="text-2xl font-bold">Where you are signed in</h1>
      <p className="text-sm text-neutral-300">
        Each browser or app you signed in with. Sign out the ones you do not know or no longer use:
        they are asked to sign in again at their next step. Changing your password also signs out
        everywhere else.
      </p>
      <SessionList initial={sessions} />
      <p className="text-sm">
        <IntentLink href="/profile/settings" className="text-accent hover:underline">
          Back to account settings
        </IntentLink>
      </p>
    </div>
  );
}
