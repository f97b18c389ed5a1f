import { IntentLink } from '@/components/ui/intent-link';
import { listRankHolders } from '@cutroom/core/features/people/ranks/ranks.service';
import { listTaggerCounts } from '@cutroom/core/features/community/tagging/tagger.service';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Ranks' };

/** What each rank means and who holds it. */
export default async function RanksPage() {
  const { database } = await getRuntime();
  const [ranks, taggers] = await Promise.all([
    listRankHolders(database.db),
    listTaggerCounts(database.db),
  ]);
  return (
    <section aria-labelledby="ranks-heading" className="max-w-4xl">
      <h1 id="ranks-heading" className="text-2xl font-bold">
        Ranks
      </h1>
      <p className="mt-1 text-neutral-400">
        Ranks show as badges on profiles. Roles are given by the admins; uploader ranks come with
        published videos.
      </p>
      <ul className="mt-6 space-y-4">
        {ranks.map((rank) => (
          <li key={rank.name} className="rounded-lg bg-surface-raised p-4" data-testid="rank">
            <h2 className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-accent/20 px-2.5 py-0.5 text-sm font-semibold text-accent">
                {rank.name}
              </span>
              <span className="text-sm text-neutral-400">
                {rank.total} {rank.total === 1 ? 'holder' : 'holders'}
              </span>
            </h2>
            <p className="mt-2 text-sm">{rank.description}</p>
            {rank.holders.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2 text-sm">
                {rank.holders.map((username) => (
                  <li key={username}>
                    <IntentLink
                      href={`/profile/${encodeURIComponent(username)}`}
                      className="rounded bg-white/10 px-2 py-1 hover:bg-white/20"
                    >
                      {username}
                    </IntentLink>
                  </li>
                ))}
                {rank.total > rank.holders.length && (
                  <li className="px-2 py-1 text-neutral-400">
                    and {rank.total - rank.holders.length} more
                  </li>
                )}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-neutral-400">Nobody holds this rank yet.</p>
            )}
          </li>
        ))}
      </ul>
      <section aria-labelledby="taggers-heading" className="mt-8" data-testid="tagger-counts">
        <h2 id="taggers-heading" className="text-xl font-bold">
          Taggers
        </h2>
        <p className="mt-1 text-sm text-neutral-400">
          Label changes each tagger made that stand (reverted ones do not count).{' '}
          <IntentLink href="/contribute" className="text-accent underline hover:no-underline">
            Become one
          </IntentLink>
          .
        </p>
        {taggers.length > 0 ? (
          <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
            {taggers.map((tagger, index) => (
              <li
                key={tagger.username}
                className="flex items-center justify-between gap-3 rounded bg-surface-raised px-3 py-1.5"
                data-testid="tagger-count"
              >
                <span className="min-w-0 truncate">
                  <span className="mr-2 text-neutral-400">{index + 1}.</span>
                  <IntentLink
                    href={`/profile/${encodeURIComponent(tagger.username)}`}
                    className="hover:underline"
                  >
                    {tagger.username}
                  </IntentLink>
                </span>
                <span className="shrink-0 font-semibold">
                  {tagger.changes.toLocaleString('en-US')}{' '}
                  {tagger.changes === 1 ? 'change' : 'changes'}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-neutral-400">No label changes yet.</p>
        )}
      </section>
    </section>
  );
}
