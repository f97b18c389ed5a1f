import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import {
  FIGURE_CAP,
  loadContributeFigures,
} from '@cutroom/core/features/community/tagging/contribute.service';
import { IntentLink } from '@/components/ui/intent-link';
import { getRuntime } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Contribute' };

const linkClass = 'text-accent underline hover:no-underline';
const buttonClass =
  'inline-block rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black hover:bg-accent-strong';

/** A count as shown: "10,000+" past the cap the figures stop counting at. */
const figure = (value: number) =>
  value > FIGURE_CAP ? `${FIGURE_CAP.toLocaleString('en-US')}+` : value.toLocaleString('en-US');

function Figure({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <div className="flex flex-col-reverse rounded-lg bg-black/20 px-3 py-2" data-testid={testId}>
      <dt className="text-xs text-neutral-300">{label}</dt>
      <dd className="text-2xl font-bold text-white">{figure(value)}</dd>
    </div>
  );
}

function Way({
  id,
  title,
  children,
  figures,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  figures?: ReactNode;
  action: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg bg-surface-raised p-5"
      data-testid={`contribute-${id}`}
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="space-y-2 text-neutral-200">{children}</div>
      {figures ? <dl className="flex flex-wrap gap-2">{figures}</dl> : null}
      <div>{action}</div>
    </section>
  );
}

/** How to help the site, with live figures (counted at most once a minute). */
export default async function ContributePage() {
  const { database, listings } = await getRuntime();
  const figures = await loadContributeFigures({ db: database.db, now: () => new Date() }, listings);
  return (
    <div className="mx-auto max-w-3xl space-y-5" data-testid="contribute-page">
      <h1 className="text-3xl font-bold">Contribute</h1>
      <p className="text-neutral-300">
        The site is kept by its members: the people who label videos, who support it, who report
        what does not belong and who take part in events. Here is how to join in.
      </p>

      <Way
        id="tagging"
        title="Tag videos"
        figures={
          <>
            <Figure
              value={figures.videosNeedingLabels}
              label="videos need labels"
              testId="figure-needing-labels"
            />
            <Figure value={figures.disputedVideos} label="disputed" testId="figure-disputed" />
            <Figure value={figures.taggers} label="taggers" testId="figure-taggers" />
            <Figure
              value={figures.labelChangesThisWeek}
              label="label changes this week"
              testId="figure-changes"
            />
          </>
        }
        action={
          <div className="flex flex-wrap items-center gap-3">
            <IntentLink href="/tagging/apply" className={buttonClass}>
              Apply to tag
            </IntentLink>
            <IntentLink href="/tagging/guide" className={linkClass}>
              Read the tagging guide
            </IntentLink>
          </div>
        }
      >
        <p>
          Tags, music, stars and creators are how people find videos: search, the label pages and
          the filters all run on them. Taggers complete and correct them from a queue of videos with
          few, disputed or reported labels, from the keyboard. Every change is logged, and your
          count shows on{' '}
          <IntentLink href="/ranks" className={linkClass}>
            the ranks page
          </IntentLink>
          .
        </p>
      </Way>

      <Way
        id="supporting"
        title="Support the site"
        figures={
          <Figure value={figures.supporters} label="supporters" testId="figure-supporters" />
        }
        action={
          <IntentLink href="/support" className={buttonClass}>
            Become a supporter
          </IntentLink>
        }
      >
        <p>
          Hosting and streaming every video in several qualities costs money every month. Supporters
          pay for it, and see the site without promotions or pop-unders.
        </p>
      </Way>

      <Way
        id="reporting"
        title="Report what does not belong"
        figures={
          <Figure value={figures.openReports} label="reports waiting" testId="figure-reports" />
        }
        action={
          <IntentLink href="/reports" className={linkClass}>
            See what became of your reports
          </IntentLink>
        }
      >
        <p>
          Every video, comment and profile has a Report button. Choose the reason that fits (someone
          under 18, non-consensual content, copyright, harassment, spam, or wrong category or
          labels) and add what staff should know. Staff review each report; reports of wrong labels
          also go to the taggers&apos; queue.
        </p>
      </Way>

      <Way
        id="events"
        title="Take part in events"
        action={
          <IntentLink href="/events" className={buttonClass}>
            See the events
          </IntentLink>
        }
      >
        <p>
          Events are contests with their own rules and dates: enter one of your videos while entries
          are open, and vote for your favourites while voting is.
        </p>
      </Way>
    </div>
  );
}
