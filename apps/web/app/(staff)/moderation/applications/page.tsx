import type { Metadata } from 'next';
import {
  TAGGER_APPLICATION_STATES,
  type TaggerApplicationState,
} from '@cutroom/core/platform/db/schema';
import { listApplications } from '@cutroom/core/features/community/tagging/applications.service';
import { pageIndexFrom, type SearchParamsPromise } from '@/components/browse/listing-data';
import { Pagination } from '@/components/browse/pagination';
import { StaffActionButton } from '@/components/moderation/staff-action-button';
import { IntentLink } from '@/components/ui/intent-link';
import { RelativeTime } from '@/components/ui/relative-time';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tagger applications' };

const STATE_NAMES: Record<TaggerApplicationState, string> = {
  open: 'Waiting',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** Staff read tagger applications and accept or decline them; the applicant is told. */
export default async function ApplicationsPage({
  searchParams,
}: {
  searchParams: SearchParamsPromise;
}) {
  const viewer = await requirePageViewer('moderate');
  const query = await searchParams;
  const state = (TAGGER_APPLICATION_STATES as readonly string[]).includes(String(query.state))
    ? (query.state as TaggerApplicationState)
    : 'open';
  const { database } = await getRuntime();
  const page = await listApplications(
    { db: database.db, actor: viewer },
    {
      state,
      index: pageIndexFrom(query.page),
    },
  );
  const params = new URLSearchParams(state === 'open' ? {} : { state });
  return (
    <div className="space-y-4" data-testid="moderation-applications">
      <h1 className="text-2xl font-bold">Tagger applications</h1>
      <p className="text-sm text-neutral-300">
        Accepting gives the member the tagger role (logged as a role change); declining needs a
        reason. Either way the member is told. Check the sample labels against the{' '}
        <IntentLink href="/tagging/guide" className="text-accent underline hover:no-underline">
          tagging guide
        </IntentLink>
        .
      </p>
      <nav aria-label="Application states" className="flex flex-wrap gap-2 text-sm">
        {TAGGER_APPLICATION_STATES.map((name) => (
          <IntentLink
            key={name}
            href={
              name === 'open'
                ? '/moderation/applications'
                : `/moderation/applications?state=${name}`
            }
            aria-current={name === state ? 'page' : undefined}
            className={`rounded-full px-3 py-1 ${
              name === state ? 'bg-white/15 font-semibold' : 'hover:bg-white/10'
            }`}
          >
            {STATE_NAMES[name]} ({page.counts[name]})
          </IntentLink>
        ))}
      </nav>
      {page.data.length === 0 ? (
        <p className="text-neutral-400">No applications here.</p>
      ) : (
        <ul className="space-y-3">
          {page.data.map((application) => (
            <li
              key={application.id}
              className="space-y-2 rounded-lg bg-surface-raised p-4"
              data-testid="application"
              data-username={application.username}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <IntentLink
                  href={`/profile/${encodeURIComponent(application.username)}`}
                  className="font-semibold underline hover:no-underline"
                >
                  {application.username}
                </IntentLink>
                <span className="text-neutral-400">
                  applied <RelativeTime date={application.createdAt} />
                </span>
              </p>
              <div>
                <h2 className="text-xs font-semibold uppercase tracking-wide text-neutral-400">
                  Motivation
                </h2>
                <p className="whitespace-pre-wrap break-words text-sm">{application.motivation}</p>
              </div>
              <div>
                <h2 className="text-xs font-semibold uppercase tracking-wide text-neutral-400">
                  Sample labels
                </h2>
                <p className="whitespace-pre-wrap break-words text-sm">{application.sampleTags}</p>
              </div>
              {application.state === 'open' ? (
                <div className="flex flex-wrap gap-2">
                  <StaffActionButton
                    endpoint="/api/tagging"
                    mode="Decide"
                    payload={{ id: application.id, decision: 'accept' }}
                    label="Accept"
                    reason="optional"
                    tone="good"
                    testId="application-accept"
                  />
                  <StaffActionButton
                    endpoint="/api/tagging"
                    mode="Decide"
                    payload={{ id: application.id, decision: 'decline' }}
                    label="Decline"
                    reason="required"
                    tone="danger"
                    testId="application-decline"
                  />
                </div>
              ) : (
                <p className="text-sm text-neutral-300">
                  {STATE_NAMES[application.state]} by {application.decidedBy ?? 'a former member'}
                  {application.decidedAt ? (
                    <>
                      {' '}
                      <RelativeTime date={application.decidedAt} />
                    </>
                  ) : null}
                  {application.decisionReason ? `: ${application.decisionReason}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination
        basePath="/moderation/applications"
        params={params}
        index={page.index}
        pageSize={20}
        count={page.count}
        hasMore={page.hasMore}
      />
    </div>
  );
}
