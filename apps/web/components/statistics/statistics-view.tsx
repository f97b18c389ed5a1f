import type { StatisticsAnswer } from '@cutroom/core/features/videos/statistics/statistics.schema';
import { IntentLink } from '@/components/ui/intent-link';
import { Sparkline } from '@/components/ui/sparkline';
import { StatFigure } from '@/components/ui/stat-figure';
import { formatDuration } from '@/lib/format';

const number = new Intl.NumberFormat('en');
const count = (n: number) => number.format(n);

/** Where the page shows a period, for one video or all of them. */
function statisticsHref(days: number, videoId: string | null) {
  const query = new URLSearchParams({ days: String(days) });
  if (videoId) query.set('video', videoId);
  return `/profile/statistics?${query}`;
}

/**
 * The figures of a period: totals, a chart a figure (one value a day) with the same numbers as
 * a table, and the videos with theirs. Server-rendered; the period and the video are links.
 */
export function StatisticsView({ statistics }: { statistics: StatisticsAnswer }) {
  const { days, daily, totals, videos, videoId } = statistics;
  const current = videoId ? videos[0] : undefined;
  const period = `last ${days} days, one value a day`;
  const range = daily.length > 0 ? { from: daily[0]!.day, to: daily.at(-1)!.day } : undefined;
  return (
    <div className="space-y-6">
      <nav aria-label="Period" className="flex flex-wrap items-center gap-2 text-sm">
        {[28, 90].map((choice) => (
          <IntentLink
            key={choice}
            href={statisticsHref(choice, videoId)}
            aria-current={choice === days ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${
              choice === days
                ? 'border-accent bg-accent/15 text-white'
                : 'border-white/15 text-neutral-300 hover:border-white/40'
            }`}
          >
            Last {choice} days
          </IntentLink>
        ))}
        {current && (
          <span className="text-neutral-300">
            · Showing <strong className="text-white">{current.title}</strong> ·{' '}
            <IntentLink href={statisticsHref(days, null)} className="text-accent underline">
              All videos
            </IntentLink>
          </span>
        )}
      </nav>

      {videos.length === 0 ? (
        <p className="text-sm text-neutral-300" data-testid="statistics-empty">
          You have no published videos yet.{' '}
          <IntentLink href="/upload" className="text-accent underline">
            Upload one
          </IntentLink>
          .
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatFigure label="Views" value={count(totals.views)} testId="total-views" />
            <StatFigure
              label="Watch time"
              value={formatDuration(totals.watchSeconds)}
              testId="total-watch-time"
            />
            <StatFigure label="Likes" value={count(totals.likes)} testId="total-likes" />
          </dl>

          <div className="grid gap-4 md:grid-cols-3" data-testid="statistics-charts">
            <Sparkline
              label="Views a day"
              values={daily.map((day) => day.views)}
              format={count}
              description={period}
              range={range}
              testId="chart-views"
            />
            <Sparkline
              label="Watch time a day"
              values={daily.map((day) => day.watchSeconds)}
              format={formatDuration}
              description={period}
              range={range}
              testId="chart-watch-time"
            />
            <Sparkline
              label="Likes a day"
              values={daily.map((day) => day.likes)}
              format={count}
              description={period}
              range={range}
              testId="chart-likes"
            />
          </div>

          <details className="rounded-lg border border-white/10 bg-surface-raised p-3">
            <summary className="cursor-pointer text-sm font-medium">
              The same figures as a table, day by day
            </summary>
            {/* Focusable: a keyboard can scroll the table. */}
            <div
              className="mt-3 max-h-96 overflow-auto"
              tabIndex={0}
              role="region"
              aria-label="Figures day by day"
            >
              <table className="w-full text-left text-sm tabular-nums" data-testid="daily-table">
                <caption className="sr-only">Views, watch time and likes a day</caption>
                <thead>
                  <tr className="text-neutral-400">
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Day
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Views
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Watch time
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Likes
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...daily].reverse().map((day) => (
                    <tr key={day.day} className="border-t border-white/5">
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {day.day}
                      </th>
                      <td className="py-1 pr-3">{count(day.views)}</td>
                      <td className="py-1 pr-3">{formatDuration(day.watchSeconds)}</td>
                      <td className="py-1">{count(day.likes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>

          <section aria-labelledby="videos-heading" className="space-y-2">
            <h2 id="videos-heading" className="text-lg font-semibold">
              {current ? 'This video' : 'Your videos'}
            </h2>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm tabular-nums" data-testid="videos-table">
                <caption className="sr-only">
                  Each video&apos;s figures over the last {days} days, and its views of all time
                </caption>
                <thead>
                  <tr className="whitespace-nowrap text-neutral-400">
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Video
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Views
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Watch time
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Likes
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      All-time views
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {videos.map((video) => (
                    <tr
                      key={video.id}
                      className="whitespace-nowrap border-t border-white/5"
                      data-testid="video-row"
                    >
                      <th
                        scope="row"
                        className="max-w-[10rem] truncate py-2 pr-3 font-normal sm:max-w-xs"
                      >
                        <IntentLink
                          href={statisticsHref(days, video.id)}
                          className="text-accent underline hover:no-underline"
                        >
                          {video.title}
                        </IntentLink>
                      </th>
                      <td className="py-2 pr-3">{count(video.views)}</td>
                      <td className="py-2 pr-3">{formatDuration(video.watchSeconds)}</td>
                      <td className="py-2 pr-3">{count(video.likes)}</td>
                      <td className="py-2">{count(video.allTimeViews)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <p className="text-xs text-neutral-400">
            Days run in UTC. Watch time counts what signed-in viewers played; a view counts once a
            viewer a day.
          </p>
        </>
      )}
    </div>
  );
}
