import { notFound } from 'next/navigation';
import { LISTING_PAGE_SIZE } from '@cutroom/core/features/discovery/browse/browse.schema';
import { listArchiveMonth } from '@cutroom/core/features/discovery/browse/listings.service';
import { Listing } from '@/components/browse/listing';
import {
  listingContext,
  pageIndexFrom,
  type SearchParamsPromise,
} from '@/components/browse/listing-data';
import { formatMonth } from '@/lib/format';

export const dynamic = 'force-dynamic';

/** The videos published in one month, newest first. */
export default async function ArchiveMonthPage({
  params,
  searchParams,
}: {
  params: Promise<{ month: string }>;
  searchParams: SearchParamsPromise;
}) {
  const { month } = await params;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) notFound();
  const index = pageIndexFrom((await searchParams).page);
  const { db, cached, toCardPage } = await listingContext();
  const page = await cached(`archive:${month}:${index}`, () =>
    listArchiveMonth(db, { month, index, pageSize: LISTING_PAGE_SIZE }),
  );
  return (
    <Listing
      title={formatMonth(month)}
      description={
        <a href="/archive" className="text-accent underline">
          All months
        </a>
      }
      page={toCardPage(page)}
      basePath={`/archive/${month}`}
      empty={{
        title: 'Nothing was published this month',
        action: { href: '/archive', label: 'See all months' },
      }}
    />
  );
}
