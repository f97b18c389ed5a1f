import type { Metadata } from 'next';
import { countPublishedVideos } from '@cutroom/core/features/people/ranks/ranks.service';
import { DeleteAccountForm } from '@/components/account/delete-account-form';
import { FormMessage } from '@/components/auth/form-parts';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';
import { requirePageViewer } from '@/lib/server/page-access';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your data and account' };

/** A copy of everything the member has on the site, and deleting the account. */
export default async function AccountDataPage({
  searchParams,
}: {
  searchParams: Promise<{ export?: string }>;
}) {
  const viewer = await requirePageViewer();
  const { database } = await getRuntime();
  const videoCount = await countPublishedVideos(database.db, viewer.id);
  const { export: exportState } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl space-y-8" data-testid="account-data-page">
      <h1 className="text-2xl font-bold">Your data and account</h1>
      <section aria-labelledby="export-heading" className="space-y-3">
        <h2 id="export-heading" className="text-lg font-semibold">
          Download your data
        </h2>
        {exportState === 'wait' && (
          <FormMessage kind="error">
            You can download your data once every 10 minutes: try again later.
          </FormMessage>
        )}
        <p className="text-sm text-neutral-300">
          One JSON file with your profile, your videos&apos; details, the messages you sent and
          received, your playlists, favorites, votes, history, comments, subscriptions, friends and
          blocks. Video files are not included.
        </p>
        <a
          href="/api/account/export"
          className="inline-block rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong"
          data-testid="export-download"
        >
          Download your data
        </a>
      </section>
      <section
        aria-labelledby="delete-heading"
        className="space-y-3 rounded-xl border border-red-500/30 p-4"
      >
        <h2 id="delete-heading" className="text-lg font-semibold">
          Delete your account
        </h2>
        <p className="text-sm text-neutral-300">
          This cannot be undone. Your profile, messages, playlists, favorites, votes, history,
          subscriptions, friends and tickets are deleted and you are signed out everywhere. Your
          comments stay under their videos, shown as from a deleted account. Your username becomes
          free for anyone to take.
        </p>
        <DeleteAccountForm username={viewer.username} videoCount={videoCount} />
      </section>
      <p className="text-sm">
        <IntentLink href="/profile/settings" className="text-accent hover:underline">
          Back to account settings
        </IntentLink>
      </p>
    </div>
  );
}
