import type { Metadata } from 'next';
import { loadMyApplication } from '@cutroom/core/features/community/tagging/applications.service';
import { ApplyForm } from '@/components/tagging/apply-form';
import { RelativeTime } from '@/components/ui/relative-time';
import { IntentLink } from '@/components/ui/intent-link';
import { requirePageViewer } from '@/lib/server/page-access';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Apply to tag' };

const linkClass = 'text-accent underline hover:no-underline';

/** A member applies to the tagging programme and reads staff's answer here. */
export default async function TaggingApplyPage() {
  const viewer = await requirePageViewer();
  const { database } = await getRuntime();
  const { isTagger, application } = await loadMyApplication({ db: database.db, actor: viewer });
  const waiting = application?.state === 'open';
  return (
    <div className="mx-auto max-w-2xl space-y-5" data-testid="tagging-apply-page">
      <h1 className="text-2xl font-bold">Apply to tag</h1>
      <p className="text-neutral-300">
        Taggers keep the labels of every video right: tags, music, stars and creators. That is what
        makes search, the label pages and the filters work. Read the{' '}
        <IntentLink href="/tagging/guide" className={linkClass}>
          tagging guide
        </IntentLink>{' '}
        first: staff read your sample labels against it.
      </p>

      {isTagger ? (
        <section
          className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-4"
          data-testid="tagging-apply-tagger"
        >
          <h2 className="font-semibold">You are a tagger</h2>
          <p className="mt-1 text-sm">
            Your queue is at{' '}
            <IntentLink href="/tagger" className={linkClass} data-testid="open-tagger">
              /tagger
            </IntentLink>
            : videos with few, disputed or reported labels.
          </p>
        </section>
      ) : null}

      {application ? (
        <section
          className="rounded-lg bg-surface-raised p-4"
          data-testid="tagging-application"
          data-state={application.state}
        >
          <h2 className="font-semibold">
            {application.state === 'open'
              ? 'Your application is waiting for staff'
              : application.state === 'accepted'
                ? 'Your application was accepted'
                : 'Your application was declined'}
          </h2>
          <p className="mt-1 text-sm text-neutral-400">
            Sent <RelativeTime date={application.createdAt} />
            {application.decidedAt ? (
              <>
                , answered <RelativeTime date={application.decidedAt} />
              </>
            ) : null}
          </p>
          {application.decisionReason ? (
            <p className="mt-2 text-sm" data-testid="tagging-decision-reason">
              Staff wrote: {application.decisionReason}
            </p>
          ) : null}
          {waiting ? (
            <p className="mt-2 text-sm text-neutral-300">
              You are told under the bell (and by e-mail, as your{' '}
              <IntentLink href="/profile/settings/notifications" className={linkClass}>
                notification settings
              </IntentLink>{' '}
              say) once staff answer.
            </p>
          ) : null}
        </section>
      ) : null}

      {!isTagger && !waiting ? (
        <section>
          <h2 className="mb-2 text-lg font-semibold">
            {application ? 'Apply again' : 'Your application'}
          </h2>
          <ApplyForm />
        </section>
      ) : null}
    </div>
  );
}
