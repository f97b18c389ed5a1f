import { IntentLink } from '@/components/ui/intent-link';
import { listArchiveMonths } from '@cutroom/core/features/videos/metadata/metadata.service';
import { listingContext } from '@/components/browse/listing-data';
import { EmptyState } from '@/components/video/video-grid';
import { formatMonth, formatVideoCount } from '@/lib/format';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Archive' };

/** Every month with published videos, newest first, grouped by year. */
export default async function ArchivePage() {
  const { db, cached } = await listingContext();
  const months = await cached('archive:months', () => listArchiveMonths(db));
  const years = new Map<string, { month: string; count: number }[]>();
  for (const entry of months) {
    const year = entry.month.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), entry]);
  }
  return (
    <section aria-labelledby="archive-heading">
      <h1 id="archive-heading" className="mb-4 text-xl font-bold">
        Archive
      </h1>
      {months.length === 0 ? (
        <EmptyState title="The archive is empty">
          Published videos are filed here by month.
        </EmptyState>
      ) : (
        [...years].map(([year, entries]) => (
          <section key={year} aria-labelledby={`year-${year}`} className="mb-6">
            <h2 id={`year-${year}`} className="mb-2 text-lg font-semibold">
              {year}
            </h2>
            <ul className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 md:grid-cols-4">
              {entries.map((entry) => (
                <li key={entry.month}>
                  <IntentLink
                    href={`/archive/${entry.month}`}
                    className="flex justify-between rounded-lg bg-surface-raised px-4 py-3 hover:bg-white/10"
                  >
                    <span>{formatMonth(entry.month)}</span>
                    <span className="text-sm text-neutral-400">
                      {formatVideoCount(entry.count)}
                    </span>
                  </IntentLink>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
